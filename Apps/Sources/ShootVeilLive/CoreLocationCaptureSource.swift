import CoreLocation
import GeoKit
import IdentifyKit

/// Where the phone is through `CLLocationManager` (when in use, best accuracy): a
/// `CaptureLocationSource`.
///
/// ``start()`` asks for when-in-use permission the first time; a refusal (now or later in
/// Settings) is reported as `.denied`. Fixes carry the ellipsoidal altitude the engine needs
/// (`ellipsoidalAltitude`, iOS 15) beside the MSL one.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationCaptureSource: NSObject, CaptureLocationSource {
    private let manager = CLLocationManager()
    private var running = false
    private let continuation: AsyncStream<LocationEvent>.Continuation
    /// The events.
    public nonisolated let events: AsyncStream<LocationEvent>

    /// A stopped source.
    public override init() {
        (events, continuation) = AsyncStream.makeStream(of: LocationEvent.self, bufferingPolicy: .bufferingNewest(4))
        super.init()
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.delegate = self
    }

    /// Asks for permission if not asked yet, then starts updates.
    public func start() async {
        running = true
        switch manager.authorizationStatus {
        case .notDetermined: manager.requestWhenInUseAuthorization()
        case .denied, .restricted: continuation.yield(.denied)
        default: manager.startUpdatingLocation()
        }
    }

    /// Stops updates.
    public func stop() async {
        manager.stopUpdatingLocation()
        running = false
    }

    /// Whether updates are on.
    public var isRunning: Bool {
        get async { running }
    }

    fileprivate func authorizationChanged() {
        switch manager.authorizationStatus {
        case .denied, .restricted: continuation.yield(.denied)
        case .authorizedWhenInUse, .authorizedAlways: if running { manager.startUpdatingLocation() }
        default: break
        }
    }

    fileprivate func deliver(_ event: LocationEvent) { continuation.yield(event) }

    /// The kit's sample for a CoreLocation fix, `nil` for an invalid one.
    nonisolated static func sample(_ location: CLLocation) -> LocationSample? {
        guard location.horizontalAccuracy >= 0,
            // An out-of-range fix is dropped like one with a negative accuracy: the next arrives
            // within a second, and no fix for 30 s is already the "Finding where you are" line.
            let coordinate = try? Coordinate(
                latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
        else { return nil }
        let hasAltitude = location.verticalAccuracy >= 0
        return LocationSample(
            coordinate: coordinate, ellipsoidalAltitude: hasAltitude ? location.ellipsoidalAltitude : nil,
            altitude: hasAltitude ? location.altitude : nil, horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: location.verticalAccuracy, time: location.timestamp.timeIntervalSince1970)
    }
}

extension CoreLocationCaptureSource: CLLocationManagerDelegate {
    /// Delivers the newest valid fix.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let sample = locations.compactMap(Self.sample).max(by: { $0.time < $1.time }) else { return }
        MainActor.assumeIsolated { deliver(.sample(sample)) }
    }

    /// Reports a refusal CoreLocation states as an error (location services switched off, or the
    /// app refused); the transient `locationUnknown` is not a failure (the next fix follows),
    /// and any other error leaves the fix to age into "Finding where you are".
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard (error as? CLError)?.code == .denied else { return }
        MainActor.assumeIsolated { deliver(.denied) }
    }

    /// Follows the permission: starts on a grant, reports a refusal.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { authorizationChanged() }
    }
}
