import AndAwayFeature
import CoreLocation
import GeoKit
import PlacesLive

/// The user's position for search and directions, through `CLLocationManager` with "when in use"
/// permission only: a `UserLocationSource`. A refusal, a restriction and a failure to read a
/// position are answered as ``AndAwayFeature/LocationAccess`` (the search screen explains them
/// and offers Settings), never swallowed.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationUserLocation: NSObject, UserLocationSource, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var asking: [CheckedContinuation<LocationAccess, Never>] = []
    /// The last failure to read a position (cleared by the next position).
    private var failure: String?

    /// A source that starts updating once permission is given (100 m is plenty for search).
    public override init() {
        super.init()
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        manager.delegate = self
    }

    public func currentLocation() async -> UserLocation? {
        guard let location = manager.location, let coordinate = location.coordinate.lociCoordinate else { return nil }
        return UserLocation(
            coordinate: coordinate, accuracy: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
            timestamp: location.timestamp)
    }

    public func requestPermission() async -> LocationAccess {
        switch manager.authorizationStatus {
        case .notDetermined:
            return await withCheckedContinuation { continuation in
                asking.append(continuation)
                manager.requestWhenInUseAuthorization()
            }
        default:
            return access(manager.authorizationStatus)
        }
    }

    /// What `status` means for the person, starting updates when allowed.
    private func access(_ status: CLAuthorizationStatus) -> LocationAccess {
        switch status {
        case .authorizedWhenInUse, .authorizedAlways:
            manager.startUpdatingLocation()
            return failure.map(LocationAccess.failed) ?? .allowed
        case .restricted:
            return .restricted
        default:
            return .denied
        }
    }

    nonisolated public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        // The manager is this object's own (delegate calls arrive on the main thread, where it was
        // made); read it through `self` so the non-Sendable parameter never crosses isolation.
        MainActor.assumeIsolated { authorizationChanged() }
    }

    nonisolated public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        MainActor.assumeIsolated { failure = nil }
    }

    nonisolated public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        // `locationUnknown` passes by itself (the manager keeps trying); anything else is kept for
        // the next permission check to report.
        let code = (error as? CLError)?.code
        let message = error.localizedDescription
        MainActor.assumeIsolated {
            if code != .locationUnknown { failure = message }
        }
    }

    private func authorizationChanged() {
        let status = manager.authorizationStatus
        guard status != .notDetermined else { return }
        let answer = access(status)
        for continuation in asking { continuation.resume(returning: answer) }
        asking = []
    }
}
