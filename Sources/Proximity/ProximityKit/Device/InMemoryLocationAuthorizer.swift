import LockedState

/// A ``LocationAuthorizer`` in memory: starts at a status, answers prompts as the test chose,
/// and lets the test change the permission as the user would in Settings.
public final class InMemoryLocationAuthorizer: LocationAuthorizer {
    private struct State {
        var status: LocationAuthorization
        var answer: LocationAuthorization
        var showsPrompts: Bool
        var prompts = 0
    }

    private let state: Locked<State>
    private let stream: AsyncStream<LocationAuthorization>
    private let continuation: AsyncStream<LocationAuthorization>.Continuation

    /// An authorizer at `status` whose prompts answer `answer` (capped at what was asked).
    /// `showsPrompts: false` is a phone where iOS shows none (Location Services off): a request
    /// returns the status unchanged.
    public init(status: LocationAuthorization, answer: LocationAuthorization = .always, showsPrompts: Bool = true) {
        state = Locked(State(status: status, answer: answer, showsPrompts: showsPrompts))
        (stream, continuation) = AsyncStream.makeStream(of: LocationAuthorization.self)
    }

    /// The current permission.
    public var status: LocationAuthorization { state.withLock { $0.status } }

    /// How many prompts were shown.
    public var prompts: Int { state.withLock { $0.prompts } }

    /// Prompts from not determined (or from When In Use for Always), else returns the status.
    public func request(_ level: LocationAuthorization) async -> LocationAuthorization {
        let (result, changed) = state.withLock { state -> (LocationAuthorization, Bool) in
            let prompts = state.status == .notDetermined || (state.status == .whenInUse && level == .always)
            guard prompts, level.allowsLocation, state.showsPrompts else { return (state.status, false) }
            state.prompts += 1
            var answer = state.answer == .notDetermined ? .denied : state.answer
            if level == .whenInUse, answer == .always { answer = .whenInUse }
            if state.status == .whenInUse, answer == .denied { answer = .whenInUse }
            let changed = answer != state.status
            state.status = answer
            return (answer, changed)
        }
        if changed { continuation.yield(result) }
        return result
    }

    /// The user changed the permission in Settings.
    public func change(to status: LocationAuthorization) {
        state.withLock { $0.status = status }
        continuation.yield(status)
    }

    /// The changes.
    public var changes: AsyncStream<LocationAuthorization> { stream }
}
