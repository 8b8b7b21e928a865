import LockedState

/// A ``PhotoAuthorizer`` in memory: starts at a given status and, when asked while not
/// determined, answers as the user in the test chose. Also counts the prompts shown.
public final class InMemoryPhotoAuthorizer: PhotoAuthorizer {
    private struct State {
        var status: PhotoAuthorization
        var answer: PhotoAuthorization
        var prompts = 0
    }

    private let state: Locked<State>

    /// An authorizer at `status` whose prompt answers `answer` (`notDetermined` as an answer is
    /// read as `denied`: a dismissed prompt never leaves the status undetermined).
    public init(status: PhotoAuthorization, answer: PhotoAuthorization = .full) {
        state = Locked(State(status: status, answer: answer == .notDetermined ? .denied : answer))
    }

    /// The current access.
    public var status: PhotoAuthorization { state.withLock { $0.status } }

    /// How many times the prompt was shown.
    public var prompts: Int { state.withLock { $0.prompts } }

    /// Prompts (answering with the configured answer) when not determined; else returns the status.
    public func requestAccess() async -> PhotoAuthorization {
        state.withLock { state in
            guard state.status == .notDetermined else { return state.status }
            state.prompts += 1
            state.status = state.answer
            return state.status
        }
    }

    /// Changes the access from outside the app (the user in Settings, or the limited picker).
    public func change(to status: PhotoAuthorization) {
        state.withLock { $0.status = status }
    }
}
