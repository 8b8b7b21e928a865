import CoreLocation
import ProximityKit

/// One location now through `CLLocationManager.requestLocation()`: a `OneShotLocator`.
///
/// Used in a region wake-up's few seconds of background time, and for the status bar. iOS
/// answers within its own timeout (about ten seconds) with a fix or `kCLErrorLocationUnknown`;
/// calls made while one is pending share its answer. A fix older than one already returned is
/// never returned (the contract): it becomes `unavailable`.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationOneShotLocator: NSObject, OneShotLocator {
    private let manager = CLLocationManager()
    private var waiting: [CheckedContinuation<Result<LocationFix, OneShotLocatorError>, Never>] = []
    private var lastTime = -Double.infinity

    /// A locator with its own manager (best accuracy a wake-up can afford: 100 m).
    ///
    /// It may deliver while the app runs in the background (a region wake-up's follow-up fix),
    /// which needs `UIBackgroundModes: location` in the app's Info.plist (setting it without that
    /// mode raises an exception; the app-layer checks require the mode wherever this is set). It
    /// only ever asks for one fix, so it never keeps the app running.
    public override init() {
        super.init()
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        manager.allowsBackgroundLocationUpdates = true
        manager.delegate = self
    }

    /// The current location, or why there is none.
    public func currentFix() async throws(OneShotLocatorError) -> LocationFix {
        switch manager.authorizationStatus {
        case .authorizedAlways, .authorizedWhenInUse: break
        default: throw .notAuthorized
        }
        let result = await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == 1 { manager.requestLocation() }
        }
        return try result.get()
    }

    fileprivate func finish(_ result: Result<LocationFix, OneShotLocatorError>) {
        var result = result
        if case .success(let fix) = result {
            if fix.time < lastTime { result = .failure(.unavailable) } else { lastTime = fix.time }
        }
        let pending = waiting
        waiting.removeAll()
        for continuation in pending { continuation.resume(returning: result) }
    }
}

extension CoreLocationOneShotLocator: CLLocationManagerDelegate {
    /// Answers the pending calls with the newest valid fix.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let fix = locations.compactMap(\.proximityFix).max { $0.time < $1.time }
        MainActor.assumeIsolated { finish(fix.map { .success($0) } ?? .failure(.unavailable)) }
    }

    /// Answers the pending calls with the failure (denied → not authorized, anything else → unavailable).
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let denied = (error as? CLError)?.code == .denied
        MainActor.assumeIsolated { finish(.failure(denied ? .notAuthorized : .unavailable)) }
    }
}
