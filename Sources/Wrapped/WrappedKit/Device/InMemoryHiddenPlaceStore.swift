import LockedState

/// A ``HiddenPlaceStore`` in memory (tests, previews, the sample deck).
public final class InMemoryHiddenPlaceStore: HiddenPlaceStore {
    private let ids: Locked<Set<String>>

    /// A store holding `hidden`.
    public init(hidden: Set<String> = []) {
        ids = Locked(hidden)
    }

    /// The hidden ids.
    public func hiddenPlaceIDs() throws(WrappedError) -> Set<String> { ids.withLock { $0 } }

    /// Adds or removes `id`.
    public func setPlace(_ id: String, hidden: Bool) throws(WrappedError) {
        ids.withLock { ids in
            if hidden { ids.insert(id) } else { ids.remove(id) }
        }
    }
}
