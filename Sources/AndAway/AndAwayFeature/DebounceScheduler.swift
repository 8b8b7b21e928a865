/// Waits between keystrokes and a provider call, so typing "ateneum" asks once, not seven times
/// (MapKit throttles at about 50 requests a minute; Google bills each request).
///
/// Injected, so tests decide when time passes instead of sleeping.
public protocol DebounceScheduler: Sendable {
    /// Returns after `seconds`, or throws `CancellationError` when the waiting task is cancelled
    /// (an implementation may also return early then; callers check `Task.isCancelled`).
    func sleep(seconds: Double) async throws
}

/// The real wait: `Task.sleep`.
public struct TaskSleepScheduler: DebounceScheduler {
    /// The scheduler.
    public init() {}

    /// Sleeps the current task.
    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
