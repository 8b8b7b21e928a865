import CoreLocation
import ProximityKit

/// Significant-change wake-ups through `CLLocationManager.startMonitoringSignificantLocationChanges`:
/// a `SignificantChangeSource`.
///
/// The backstop that relaunches a terminated app (after a reboot, or when every region was
/// dropped): iOS delivers a fix after about 500 m of movement, at most every five minutes. Needs
/// Always permission to wake the app; with When In Use it delivers only while the app is open.
/// Make it on the main thread (its manager delivers to the thread that made it) at every launch,
/// before launch finishes, so a relaunch's fix reaches ``fixes``.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class SignificantChangeLocationSource: NSObject, SignificantChangeSource {
    /// The fixes the wake-ups deliver (invalid ones dropped).
    public nonisolated let fixes: AsyncStream<LocationFix>

    private let manager = CLLocationManager()
    private let continuation: AsyncStream<LocationFix>.Continuation
    private var running = false

    /// A stopped source.
    public override init() {
        (fixes, continuation) = AsyncStream.makeStream(of: LocationFix.self)
        super.init()
        manager.delegate = self
    }

    /// Whether the wake-ups are on.
    public var isRunning: Bool { running }

    /// Starts the wake-ups (nothing when the device cannot deliver them).
    public func start() async {
        guard !running, CLLocationManager.significantLocationChangeMonitoringAvailable() else { return }
        running = true
        manager.startMonitoringSignificantLocationChanges()
    }

    /// Stops them.
    public func stop() async {
        guard running else { return }
        running = false
        manager.stopMonitoringSignificantLocationChanges()
    }

    fileprivate func deliver(_ fixes: [LocationFix]) {
        guard running else { return }
        for fix in fixes { continuation.yield(fix) }
    }
}

extension SignificantChangeLocationSource: CLLocationManagerDelegate {
    /// Forwards the valid fixes, oldest first.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let fixes = locations.compactMap(\.proximityFix)
        MainActor.assumeIsolated { deliver(fixes) }
    }

    /// A failed update says nothing to the planner; the next wake-up will.
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}
