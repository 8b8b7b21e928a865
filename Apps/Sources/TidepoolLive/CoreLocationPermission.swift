import CoreLocation
import Foundation
import TidepoolFeature
import TidepoolKit

/// Location permission through `CLLocationManager`: a `LocationPermission`.
///
/// iOS shows the When In Use prompt once from "not determined", and the Always prompt once from
/// When In Use; otherwise it shows nothing and calls no delegate. A request is therefore answered
/// by the next authorisation change, or after ``promptGrace`` by the status as it is, so it never
/// waits forever.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationPermission: NSObject, LocationPermission, CLLocationManagerDelegate {
    /// How long a request waits for an answer before reading the status as it is.
    public static let promptGrace: Duration = .seconds(30)

    private let manager = CLLocationManager()
    private var waiting: [CheckedContinuation<LocationAuthorization, Never>] = []
    /// The status when the pending prompt was shown: a callback repeating it is not an answer.
    private var askedFrom: CLAuthorizationStatus?

    /// A permission reader.
    public override init() {
        super.init()
        manager.delegate = self
    }

    /// The current authorisation.
    public func current() async -> LocationAuthorization { Self.authorization(manager.authorizationStatus) }

    /// Asks for When In Use.
    public func requestWhenInUse() async -> LocationAuthorization {
        guard manager.authorizationStatus == .notDetermined else { return await current() }
        return await ask { $0.requestWhenInUseAuthorization() }
    }

    /// Asks to upgrade to Always (background reporting).
    public func requestAlways() async -> LocationAuthorization {
        guard manager.authorizationStatus == .authorizedWhenInUse else { return await current() }
        return await ask { $0.requestAlwaysAuthorization() }
    }

    private func ask(_ prompt: (CLLocationManager) -> Void) async -> LocationAuthorization {
        let timeout = Task { @MainActor [weak self] in
            // try?: the sleep fails only when the answer came first and cancelled it; nothing to tell.
            try? await Task.sleep(for: Self.promptGrace)
            guard let self, !Task.isCancelled else { return }
            self.answer()
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            waiting.append(continuation)
            askedFrom = manager.authorizationStatus
            prompt(manager)
        }
    }

    private func answer() {
        let status = Self.authorization(manager.authorizationStatus)
        let pending = waiting
        waiting.removeAll()
        askedFrom = nil
        for waiter in pending { waiter.resume(returning: status) }
    }

    /// CoreLocation's status in the feature's words.
    static func authorization(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whenInUse
        case .restricted: .restricted
        case .denied: .denied
        @unknown default: .denied
        }
    }

    /// Called at creation and at every change; answers the waiting request when the status
    /// moved from where it was asked ("Keep Only While Using" changes nothing: the grace
    /// period answers that).
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        MainActor.assumeIsolated {
            guard let askedFrom, status != askedFrom else { return }
            answer()
        }
    }
}
