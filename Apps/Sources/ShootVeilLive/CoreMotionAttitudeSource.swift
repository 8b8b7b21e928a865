import CoreMotion
import Foundation
import IdentifyKit

/// The phone's attitude through `CMMotionManager` device-motion updates in the
/// `.xTrueNorthZVertical` frame: an `AttitudeSource`.
///
/// The frame needs a magnetometer and location; ``isAvailable`` is false when
/// `availableAttitudeReferenceFrames()` lacks it, and then nothing is started. Samples carry the
/// quaternion as CoreMotion gives it (IdentifyKit's `CameraAttitude(portraitDevice:)` does the
/// conversion) and the wall-clock time of the callback (CoreMotion's own timestamp counts from
/// boot, and reading boot time is a required-reason API). Updates run on a queue of their own at
/// 30 Hz.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class CoreMotionAttitudeSource: AttitudeSource, @unchecked Sendable {
    // @unchecked: `manager`, `queue` and the continuation are set once in init; `running` is
    // only touched on `queue` (an OperationQueue with one operation at a time).

    /// Whether the true-north frame is available.
    public let isAvailable: Bool
    /// The samples.
    public let samples: AsyncStream<AttitudeSample>

    private let manager = CMMotionManager()
    private let queue = OperationQueue()
    private let continuation: AsyncStream<AttitudeSample>.Continuation
    private var running = false

    /// A stopped source.
    public init() {
        isAvailable =
            CMMotionManager.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical)
            && CMMotionManager().isDeviceMotionAvailable
        (samples, continuation) = AsyncStream.makeStream(of: AttitudeSample.self, bufferingPolicy: .bufferingNewest(1))
        queue.name = "app.loci.shootveil.motion"
        queue.maxConcurrentOperationCount = 1
        manager.deviceMotionUpdateInterval = 1.0 / 30
    }

    /// Starts updates (when available).
    public func start() async {
        guard isAvailable else { return }
        let continuation = self.continuation
        await onQueue {
            guard !self.running else { return }
            self.running = true
            self.manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: self.queue) { motion, _ in
                guard let q = motion?.attitude.quaternion else { return }
                continuation.yield(
                    AttitudeSample(
                        quaternion: AttitudeQuaternion(w: q.w, x: q.x, y: q.y, z: q.z),
                        time: Date().timeIntervalSince1970))
            }
        }
    }

    /// Stops updates.
    public func stop() async {
        await onQueue {
            self.manager.stopDeviceMotionUpdates()
            self.running = false
        }
    }

    /// Whether updates are on.
    public var isRunning: Bool {
        get async { await onQueue { self.running } }
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { done in queue.addOperation { done.resume(returning: work()) } }
    }

    deinit { manager.stopDeviceMotionUpdates() }
}
