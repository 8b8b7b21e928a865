import Synchronization

/// The simulated time the engine reads (Unix seconds), set by the simulation between epochs.
final class SimulationClock: Sendable {
    private let seconds: Atomic<Int64>

    /// A clock at `seconds`.
    init(_ seconds: Int64) { self.seconds = Atomic(seconds) }

    /// The current simulated time.
    var now: Int64 {
        get { seconds.load(ordering: .relaxed) }
        set { seconds.store(newValue, ordering: .relaxed) }
    }
}
