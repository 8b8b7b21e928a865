import CoreLocation
import IdentifyKit

/// The compass through `CLLocationManager` heading updates: a `HeadingSource`.
///
/// `headingOrientation` is set to portrait (the app is portrait only), so the heading is the
/// one the user aims with. An invalid heading (negative `headingAccuracy`) is delivered as it
/// is: the viewfinder shows its own calibration prompt, so the system's is declined.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationHeadingSource: NSObject, HeadingSource {
    private let manager = CLLocationManager()
    private var running = false
    private let continuation: AsyncStream<HeadingSample>.Continuation
    /// The samples.
    public nonisolated let samples: AsyncStream<HeadingSample>

    /// A stopped source.
    public override init() {
        (samples, continuation) = AsyncStream.makeStream(of: HeadingSample.self, bufferingPolicy: .bufferingNewest(1))
        super.init()
        manager.headingOrientation = .portrait
        manager.headingFilter = 1
        manager.delegate = self
    }

    /// Starts updates (when the device has a compass).
    public func start() async {
        guard CLLocationManager.headingAvailable() else { return }
        running = true
        manager.startUpdatingHeading()
    }

    /// Stops updates.
    public func stop() async {
        manager.stopUpdatingHeading()
        running = false
    }

    /// Whether updates are on.
    public var isRunning: Bool {
        get async { running }
    }

    fileprivate func deliver(_ sample: HeadingSample) { continuation.yield(sample) }
}

extension CoreLocationHeadingSource: CLLocationManagerDelegate {
    /// Delivers the reading, invalid ones included.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateHeading heading: CLHeading) {
        let sample = HeadingSample(
            trueHeading: heading.trueHeading, accuracy: heading.headingAccuracy,
            time: heading.timestamp.timeIntervalSince1970)
        MainActor.assumeIsolated { deliver(sample) }
    }

    /// Declines the system's calibration screen: the viewfinder prompts instead.
    public nonisolated func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
        false
    }
}
