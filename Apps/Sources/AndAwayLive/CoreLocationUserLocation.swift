import AndAwayFeature
import CoreLocation
import GeoKit
import PlacesLive

/// The user's position for search and directions, through `CLLocationManager` with "when in use"
/// permission only: a `UserLocationSource`.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationUserLocation: NSObject, UserLocationSource, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var asking: [CheckedContinuation<Bool, Never>] = []

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

    public func requestPermission() async -> Bool {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            manager.startUpdatingLocation()
            return true
        case .notDetermined:
            return await withCheckedContinuation { continuation in
                asking.append(continuation)
                manager.requestWhenInUseAuthorization()
            }
        default:
            return false
        }
    }

    nonisolated public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        // The manager is this object's own (delegate calls arrive on the main thread, where it was
        // made); read it through `self` so the non-Sendable parameter never crosses isolation.
        MainActor.assumeIsolated { authorizationChanged() }
    }

    private func authorizationChanged() {
        let status = manager.authorizationStatus
        guard status != .notDetermined else { return }
        let allowed = status == .authorizedWhenInUse || status == .authorizedAlways
        if allowed { manager.startUpdatingLocation() }
        for continuation in asking { continuation.resume(returning: allowed) }
        asking = []
    }
}
