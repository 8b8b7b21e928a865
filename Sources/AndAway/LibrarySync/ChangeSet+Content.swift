import LibraryKit

extension ChangeSet {
    /// Whether the set carries no record and no tombstone (only a token): nothing to send.
    public var isEmpty: Bool {
        bookmarks.isEmpty && lists.isEmpty && history.isEmpty && preferences == nil && tombstones.isEmpty
    }
}
