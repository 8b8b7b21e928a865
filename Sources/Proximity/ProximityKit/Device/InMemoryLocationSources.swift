import LockedState

/// A ``SignificantChangeSource`` in memory: the test delivers fixes with ``deliver(_:)``, which
/// are dropped while stopped.
public final class InMemorySignificantChangeSource: SignificantChangeSource {
    private let running = Locked(false)
    private let stream: AsyncStream<LocationFix>
    private let continuation: AsyncStream<LocationFix>.Continuation

    /// A stopped source.
    public init() { (stream, continuation) = AsyncStream.makeStream(of: LocationFix.self) }

    /// Starts.
    public func start() async { running.withLock { $0 = true } }
    /// Stops.
    public func stop() async { running.withLock { $0 = false } }
    /// Whether started.
    public var isRunning: Bool { running.withLock { $0 } }
    /// The fixes.
    public var fixes: AsyncStream<LocationFix> { stream }

    /// Delivers `fix` when running; returns whether it was delivered.
    @discardableResult
    public func deliver(_ fix: LocationFix) -> Bool {
        guard isRunning else { return false }
        continuation.yield(fix)
        return true
    }
}

/// A ``OneShotLocator`` in memory: answers with the fix the test set (``set(_:)``), or throws
/// ``OneShotLocatorError/unavailable`` when none is set. Counts the requests.
public final class InMemoryOneShotLocator: OneShotLocator {
    private struct State {
        var fix: LocationFix?
        var requests = 0
    }

    private let state = Locked(State())

    /// A locator with no fix.
    public init() {}

    /// The fix the next request returns (`nil`: requests fail).
    public func set(_ fix: LocationFix?) { state.withLock { $0.fix = fix } }

    /// How many fixes were asked for.
    public var requests: Int { state.withLock { $0.requests } }

    /// The set fix, or ``OneShotLocatorError/unavailable``.
    public func currentFix() async throws(OneShotLocatorError) -> LocationFix {
        let fix = state.withLock { state -> LocationFix? in
            state.requests += 1
            return state.fix
        }
        guard let fix else { throw .unavailable }
        return fix
    }
}

/// A ``MotionActivitySource`` in memory: the test sends activities with ``send(_:time:)``.
public final class InMemoryMotionActivitySource: MotionActivitySource {
    /// Whether activity is available.
    public let isAvailable: Bool
    private let stream: AsyncStream<(activity: MotionActivity, time: Double)>
    private let continuation: AsyncStream<(activity: MotionActivity, time: Double)>.Continuation

    /// A source; an unavailable one never yields.
    public init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
        (stream, continuation) = AsyncStream.makeStream(of: (activity: MotionActivity, time: Double).self)
    }

    /// The updates.
    public var updates: AsyncStream<(activity: MotionActivity, time: Double)> { stream }

    /// Reports an activity (ignored when unavailable).
    public func send(_ activity: MotionActivity, time: Double) {
        guard isAvailable else { return }
        continuation.yield((activity, time))
    }
}
