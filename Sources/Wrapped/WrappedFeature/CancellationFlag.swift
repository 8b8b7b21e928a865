import LockedState

/// A flag set once from the main actor and read from scan worker threads: how a running session
/// learns the user cancelled (a task's cancellation does not reach Dispatch workers).
final class CancellationFlag: Sendable {
    private let state = Locked(false)

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0 } }

    /// Sets the flag; it stays set.
    func cancel() { state.withLock { $0 = true } }
}
