import Synchronization

/// A clock tests move by hand: Unix seconds that change only when a test sets them.
///
/// An atomic, not a Mutex: reading the clock is the hottest shared access in the server tests,
/// and twice under a loaded full run the Mutex's Linux slow path aborted acquiring it ("Unknown
/// error occurred while attempting to acquire a Mutex"); a clock needs no lock.
public final class ManualClock: Sendable {
    private let value: Atomic<Int64>

    /// A clock reading `start`.
    public init(_ start: Int64) { value = Atomic(start) }

    /// The current reading; setting it moves the clock (either way).
    public var now: Int64 {
        get { value.load(ordering: .sequentiallyConsistent) }
        set { value.store(newValue, ordering: .sequentiallyConsistent) }
    }
}
