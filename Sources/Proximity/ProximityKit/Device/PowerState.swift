import LockedState

/// Whether the phone is in Low Power Mode (`ProcessInfo.isLowPowerModeEnabled` and its
/// `NSProcessInfoPowerStateDidChange` notification on the phone, ``InMemoryPowerState`` in tests).
///
/// Under Low Power Mode the planner watches a larger refresh region, so the app is woken less
/// often (``ProximityPlanner/lowPowerMode``).
public protocol PowerStateSource: Sendable {
    /// Whether Low Power Mode is on now.
    var isLowPowerModeEnabled: Bool { get }
    /// Every change of ``isLowPowerModeEnabled`` (the new value). One consumer.
    var changes: AsyncStream<Bool> { get }
}

/// A ``PowerStateSource`` in memory: the test switches Low Power Mode with ``set(_:)``, which
/// yields on ``changes`` only when the value changes (as the system notification does).
public final class InMemoryPowerState: PowerStateSource {
    private let enabled: Locked<Bool>
    private let stream: AsyncStream<Bool>
    private let continuation: AsyncStream<Bool>.Continuation

    /// A phone with Low Power Mode `enabled` (off by default).
    public init(lowPowerMode enabled: Bool = false) {
        self.enabled = Locked(enabled)
        (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    }

    /// Whether Low Power Mode is on.
    public var isLowPowerModeEnabled: Bool { enabled.withLock { $0 } }
    /// The changes.
    public var changes: AsyncStream<Bool> { stream }

    /// Switches Low Power Mode; yields the new value when it changed.
    public func set(_ on: Bool) {
        let changed = enabled.withLock { value -> Bool in
            defer { value = on }
            return value != on
        }
        if changed { continuation.yield(on) }
    }
}
