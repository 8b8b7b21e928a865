import Foundation
import ProximityKit

/// Low Power Mode through `ProcessInfo`: a `PowerStateSource`. Reads
/// `isLowPowerModeEnabled` and yields each change announced by
/// `NSProcessInfoPowerStateDidChange` (posted on an arbitrary queue; only changes are yielded).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class ProcessInfoPowerState: PowerStateSource, @unchecked Sendable {
    // @unchecked: the observer token is written once in init and read in deinit; the last value
    // lives behind its lock.

    /// Every change of ``isLowPowerModeEnabled``.
    public let changes: AsyncStream<Bool>

    private let continuation: AsyncStream<Bool>.Continuation
    private let last: NSLock = NSLock()
    private var lastValue: Bool
    private var observer: (any NSObjectProtocol)?

    /// Starts observing the power state.
    public init() {
        (changes, continuation) = AsyncStream.makeStream(of: Bool.self)
        lastValue = ProcessInfo.processInfo.isLowPowerModeEnabled
        observer = NotificationCenter.default.addObserver(
            forName: .NSProcessInfoPowerStateDidChange, object: nil, queue: nil
        ) { [weak self] _ in
            self?.update(ProcessInfo.processInfo.isLowPowerModeEnabled)
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        continuation.finish()
    }

    /// Whether Low Power Mode is on now.
    public var isLowPowerModeEnabled: Bool { ProcessInfo.processInfo.isLowPowerModeEnabled }

    private func update(_ on: Bool) {
        last.lock()
        let changed = lastValue != on
        lastValue = on
        last.unlock()
        if changed { continuation.yield(on) }
    }
}
