import CoreLocation
import TidepoolFeature
import TidepoolKit
import UIKit

/// Tidepool's location service: `CLLocationUpdate.liveUpdates()` with a
/// `CLBackgroundActivitySession`, mapped to TidepoolKit's `LocationUpdates`, in the mode
/// TidepoolKit's `LocationPolicy` decides (`LocationModeControl`, `CoreLocationModes.swift`):
/// live updates until the reporting model first applies a mode.
///
/// Each stream starts with the current permission, then delivers the valid fixes
/// (`LocationFix.validated`: invalid or vaguer than 100 m are dropped) and every permission
/// change (`CLLocationManagerDelegate`; iOS 17's live updates do not report them). While a
/// stream runs it holds a background activity session, so updates continue in the background
/// with When In Use permission (the blue indicator shows); with Always and
/// `UIBackgroundModes: location` the system may also relaunch the app. Start the stream from
/// the foreground: a background activity session cannot be started in the background.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationLiveUpdates: NSObject, LocationUpdates {
    let manager = CLLocationManager()
    var listeners: [UUID: AsyncStream<LocationUpdate>.Continuation] = [:]
    /// The mode in force (live until the reporting model applies one).
    var mode = LocationMode.liveUpdates(.best)
    /// The live updates' loop while the mode is live at best accuracy.
    var liveTask: Task<Void, Never>?
    /// The Home exit region's events while monitoring hidden at Home.
    var exitTask: Task<Void, Never>?
    /// Whether streams hold a background activity session.
    public let inBackground: Bool
    /// Told when CoreLocation fails (the reporting model's ``ReportingModel/locationFailed(_:)``,
    /// so the chip says why no position comes).
    public var onFailure: (@MainActor (LocationServiceProblem) -> Void)?

    /// A service; `inBackground` keeps updates coming while the app is not on screen.
    public init(inBackground: Bool = true) {
        self.inBackground = inBackground
        super.init()
        manager.delegate = self
    }

    /// Asks for When In Use permission (the answer arrives on the streams).
    public func requestPermission() {
        manager.requestWhenInUseAuthorization()
    }

    /// A stream of the permission and the fixes; cancelling its consumer stops the updates and
    /// ends the background session.
    public nonisolated func updates() -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationUpdate.self)
        let task = Task { @MainActor in
            await self.deliver(to: continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func deliver(to continuation: AsyncStream<LocationUpdate>.Continuation) async {
        let id = UUID()
        listeners[id] = continuation
        continuation.yield(.permission(Self.permission(manager.authorizationStatus)))
        let session = inBackground ? CLBackgroundActivitySession() : nil
        defer {
            session?.invalidate()
            listeners[id] = nil
            if listeners.isEmpty { stopAll() }
            continuation.finish()
        }
        start(mode)
        // The stream lives until its consumer is cancelled; the mode decides what feeds it.
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(3_600)) } catch { break }
        }
    }

    /// Sends a fix to every stream.
    func broadcast(_ location: CLLocation) {
        guard let fix = Self.fix(location) else { return }
        for listener in listeners.values { listener.yield(.fix(fix)) }
    }

    /// The kit's fix for a `CLLocation`, or nil when it must not be used.
    static func fix(_ location: CLLocation) -> LocationFix? {
        let state: AppState = UIApplication.shared.applicationState == .active ? .foreground : .background
        return LocationFix.validated(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            horizontalAccuracy: location.horizontalAccuracy, time: location.timestamp.timeIntervalSince1970,
            appState: state)
    }

    /// The kit's permission for CoreLocation's.
    static func permission(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whenInUse
        case .denied: .denied
        case .restricted: .restricted
        @unknown default: .denied
        }
    }

    fileprivate func permissionChanged() {
        let permission = Self.permission(manager.authorizationStatus)
        for listener in listeners.values { listener.yield(.permission(permission)) }
    }
}

extension CoreLocationLiveUpdates: CLLocationManagerDelegate {
    /// Forwards a permission change to every stream.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { permissionChanged() }
    }

    /// Fixes from the hundred-metre updates, a significant change or a one-shot request.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        MainActor.assumeIsolated { for location in locations { broadcast(location) } }
    }

    /// A visit began or ended: one fresh fix tells the reporting model where the phone is now.
    public nonisolated func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        MainActor.assumeIsolated { self.manager.requestLocation() }
    }

    /// A failed one-shot request or update: the reporting model is told (the next event tries
    /// again). "Location unknown for now" is CoreLocation still trying: nothing to tell.
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let problem = Self.problem(error)
        MainActor.assumeIsolated {
            if let problem { onFailure?(problem) }
        }
    }

    /// CoreLocation's error in the feature's words (nil: transient, CoreLocation keeps trying).
    nonisolated static func problem(_ error: any Error) -> LocationServiceProblem? {
        guard let error = error as? CLError else { return .unavailable(error.localizedDescription) }
        switch error.code {
        case .locationUnknown: return nil
        case .denied: return .denied
        case .network: return .network
        default: return .unavailable(error.localizedDescription)
        }
    }
}
