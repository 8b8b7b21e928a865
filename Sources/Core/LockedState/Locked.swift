import Foundation

/// A value that only the closure given to ``withLock(_:)`` can reach, behind a lock.
///
/// The same shape as Synchronization's `Mutex` (`Locked(initial)`, `withLock { state in … }`),
/// for the modules the iPhone apps link: `Mutex` needs iOS 18 and the apps target iOS 17.
/// Server- and command-line-only modules use `Mutex` itself. Because the state is reachable
/// only inside `withLock`, no caller can read or write it without the lock; this type is the one
/// place that vouches for that (`@unchecked Sendable`).
///
/// Not reentrant: calling `withLock` on the same value from inside its own body deadlocks.
public final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// A lock around `initial`.
    public init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state and returns what it returns.
    /// - Complexity: the body's, plus one uncontended lock and unlock.
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
