import CoreMotion
import ProximityKit

/// Motion activity through `CMMotionActivityManager`: a `MotionActivitySource`.
///
/// Walking or driving sizes the refresh region. Updates start when the adapter is made (on a
/// queue of its own) and only when the device has the coprocessor and the user has not refused
/// Motion & Fitness; otherwise ``updates`` yields nothing. Low-confidence readings are dropped.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class CoreMotionActivitySource: MotionActivitySource, @unchecked Sendable {
    // @unchecked: `manager` and `queue` are set once in init and only used by CoreMotion after.

    /// Whether activity updates can be delivered.
    public let isAvailable: Bool
    /// Activity changes with their time (seconds since 1970).
    public let updates: AsyncStream<(activity: MotionActivity, time: Double)>

    private let manager = CMMotionActivityManager()
    private let queue = OperationQueue()

    /// Starts updates when available.
    public init() {
        let status = CMMotionActivityManager.authorizationStatus()
        isAvailable = CMMotionActivityManager.isActivityAvailable() && status != .denied && status != .restricted
        let (updates, continuation) = AsyncStream.makeStream(of: (activity: MotionActivity, time: Double).self)
        self.updates = updates
        queue.name = "app.loci.proximity.motion"
        queue.maxConcurrentOperationCount = 1
        guard isAvailable else {
            continuation.finish()
            return
        }
        manager.startActivityUpdates(to: queue) { reading in
            guard let reading, reading.confidence != .low else { return }
            let activity = MotionActivity(
                stationary: reading.stationary, walking: reading.walking, running: reading.running,
                cycling: reading.cycling, automotive: reading.automotive)
            continuation.yield((activity, reading.startDate.timeIntervalSince1970))
        }
    }

    deinit { manager.stopActivityUpdates() }
}
