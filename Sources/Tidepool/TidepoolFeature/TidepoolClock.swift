import Foundation
import LockedState

/// The time and the waiting the Tidepool models use, so tests can run a walk or a debounce
/// without waiting: ``SystemTidepoolClock`` on the phone, ``ManualTidepoolClock`` in tests.
public protocol TidepoolClock: Sendable {
    /// Unix seconds now.
    func now() -> Double
    /// Suspends for `seconds`.
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func sleep(seconds: Double) async throws
}

/// The system's wall clock and `Task.sleep`.
public struct SystemTidepoolClock: TidepoolClock {
    /// The system clock.
    public init() {}

    /// `Date().timeIntervalSince1970`.
    public func now() -> Double { Date().timeIntervalSince1970 }

    /// `Task.sleep` for `seconds` (at least 0).
    public func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .seconds(max(0, seconds)))
    }
}

/// A clock that moves only when told: ``advance(by:)`` moves ``now()`` and wakes every sleeper
/// whose deadline has come, in deadline order.
public final class ManualTidepoolClock: TidepoolClock {
    private struct Sleeper {
        let id: Int
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double
        var nextID = 0
        var sleepers: [Sleeper] = []
    }

    private let state: Locked<State>

    /// A clock at `start` (Unix seconds).
    public init(start: Double) { state = Locked(State(now: start)) }

    /// The clock's time.
    public func now() -> Double { state.withLock { $0.now } }

    /// How many tasks are asleep on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock has been advanced `seconds` past now; a cancelled task wakes at
    /// once with `CancellationError`.
    public func sleep(seconds: Double) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wakeNow: Bool = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + seconds, continuation: continuation))
                    return false
                }
                if wakeNow { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `seconds` and wakes the sleepers now due.
    public func advance(by seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
