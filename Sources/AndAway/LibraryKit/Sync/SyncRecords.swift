/// A bookmark with the stamp of each of its editable fields (its sync state).
///
/// The place reference, id and creation time never change once made; name, position (coordinate
/// and the time it was saved, together), note, tags and list membership are each a
/// last-writer-wins register.
public struct BookmarkRecord: Sendable, Hashable, Codable {
    /// The stamps of the editable fields.
    public struct Stamps: Sendable, Hashable, Codable {
        /// Stamp of `name`.
        public var name: Stamp
        /// Stamp of `coordinate` and `coordinateSavedAt`.
        public var position: Stamp
        /// Stamp of `note`.
        public var note: Stamp
        /// Stamp of `tags` (the whole set).
        public var tags: Stamp
        /// Stamp of `lists` (the whole set).
        public var lists: Stamp

        /// Every field stamped `stamp` (a new bookmark).
        public init(all stamp: Stamp) {
            name = stamp
            position = stamp
            note = stamp
            tags = stamp
            lists = stamp
        }

        /// The newest of the five.
        public var newest: Stamp { Swift.max(name, position, note, tags, lists) }
    }

    /// The bookmark's values.
    public var bookmark: Bookmark
    /// Their versions.
    public var stamps: Stamps

    /// A record.
    public init(bookmark: Bookmark, stamps: Stamps) {
        self.bookmark = bookmark
        self.stamps = stamps
    }
}

/// A list with the stamp of its name.
public struct ListRecord: Sendable, Hashable, Codable {
    /// The list.
    public var list: BookmarkList
    /// Version of its name.
    public var stamp: Stamp

    /// A record.
    public init(list: BookmarkList, stamp: Stamp) {
        self.list = list
        self.stamp = stamp
    }
}

/// Preferences with their version (one register: the whole value wins or loses).
public struct PreferencesRecord: Sendable, Hashable, Codable {
    /// The preferences.
    public var preferences: Preferences
    /// Their version.
    public var stamp: Stamp

    /// A record.
    public init(preferences: Preferences, stamp: Stamp) {
        self.preferences = preferences
        self.stamp = stamp
    }
}

/// What a tombstone removed.
public enum RecordKind: String, Sendable, Hashable, Codable {
    /// A bookmark.
    case bookmark
    /// A list.
    case list
    /// A search-history entry.
    case search
}

/// The mark a deletion leaves so replicas that still hold the record drop it too.
///
/// Deletes win: once a replica has the tombstone, the record is gone for good and later edits of
/// it from any replica are dropped (ids are never reused; saving the place again makes a new
/// bookmark). Tombstones are kept forever (a few bytes each).
public struct Tombstone: Sendable, Hashable, Codable {
    /// What was deleted.
    public var kind: RecordKind
    /// Its id.
    public var id: String
    /// When (for the log; the rule above does not depend on it).
    public var stamp: Stamp

    /// A tombstone.
    public init(kind: RecordKind, id: String, stamp: Stamp) {
        self.kind = kind
        self.id = id
        self.stamp = stamp
    }
}

/// One replica's changes since a token: records changed (made, edited or merged) and tombstones,
/// and the token to ask from next time.
public struct ChangeSet: Sendable, Hashable, Codable {
    /// Changed bookmarks.
    public var bookmarks: [BookmarkRecord]
    /// Changed lists.
    public var lists: [ListRecord]
    /// New searches.
    public var history: [SearchHistoryEntry]
    /// Preferences, when they changed.
    public var preferences: PreferencesRecord?
    /// Deletions.
    public var tombstones: [Tombstone]
    /// Ask for changes after this next time.
    public var token: ChangeToken

    /// A change set.
    public init(
        bookmarks: [BookmarkRecord] = [], lists: [ListRecord] = [], history: [SearchHistoryEntry] = [],
        preferences: PreferencesRecord? = nil, tombstones: [Tombstone] = [], token: ChangeToken
    ) {
        self.bookmarks = bookmarks
        self.lists = lists
        self.history = history
        self.preferences = preferences
        self.tombstones = tombstones
        self.token = token
    }

    /// The highest counter in the set (the receiver's clock moves past it).
    public var highestCounter: UInt64 {
        var top: UInt64 = 0
        for record in bookmarks { top = max(top, record.stamps.newest.counter) }
        for record in lists { top = max(top, record.stamp.counter) }
        if let preferences { top = max(top, preferences.stamp.counter) }
        for tombstone in tombstones { top = max(top, tombstone.stamp.counter) }
        return top
    }
}
