import LockedState

/// The session token shared by a run of autocomplete calls and the details call that ends it.
///
/// Google bills a session (any number of autocomplete requests followed by one details call
/// with the same token) as that details call; a new token starts on the first keystroke after a
/// selection. One token per search sheet: ``token()`` returns the current one (making it on
/// first use), ``end()`` forgets it so the next ``token()`` is new.
final class GoogleAutocompleteSession: Sendable {
    private let current = Locked<String?>(nil)
    private let makeToken: @Sendable () -> String

    init(makeToken: @escaping @Sendable () -> String) {
        self.makeToken = makeToken
    }

    /// The current token, started if there is none.
    func token() -> String {
        current.withLock { current in
            if let current { return current }
            let token = makeToken()
            current = token
            return token
        }
    }

    /// The current token if a session is open, without starting one.
    func openToken() -> String? {
        current.withLock { $0 }
    }

    /// Ends the session: the next ``token()`` starts a new one.
    func end() {
        current.withLock { $0 = nil }
    }
}
