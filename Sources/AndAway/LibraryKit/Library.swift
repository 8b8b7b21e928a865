import Foundation

/// Everything the user keeps: bookmarks, lists, search history and preferences. The unit of
/// export and import; two libraries are equal when every record is.
public struct Library: Sendable, Hashable, Codable {
    /// Bookmarks, sorted by id.
    public var bookmarks: [Bookmark]
    /// Lists, sorted by id.
    public var lists: [BookmarkList]
    /// Past searches, sorted by time then id.
    public var history: [SearchHistoryEntry]
    /// Scoring weights.
    public var preferences: Preferences

    /// A library; ``normalized()`` sorts and canonicalises it.
    public init(
        bookmarks: [Bookmark] = [], lists: [BookmarkList] = [], history: [SearchHistoryEntry] = [],
        preferences: Preferences = Preferences()
    ) {
        self.bookmarks = bookmarks
        self.lists = lists
        self.history = history
        self.preferences = preferences
    }

    /// Every record normalised and in canonical order.
    public func normalized() -> Library {
        Library(
            bookmarks: bookmarks.map { $0.normalized() }.sorted { $0.id < $1.id },
            lists: lists.map { $0.normalized() }.sorted { $0.id < $1.id },
            history: history.map { $0.normalized() }.sorted { ($0.at, $0.id) < ($1.at, $1.id) },
            preferences: preferences)
    }

    /// Checks every record, that ids are unique, and that bookmarks name only lists that exist.
    public func check() throws(LibraryError) {
        var seen = Set<String>()
        for list in lists {
            try LibraryRules.check(list)
            guard seen.insert(list.id).inserted else {
                throw LibraryError("two lists have this id", at: "list '\(list.id)'")
            }
        }
        let listIDs = seen
        seen = []
        for bookmark in bookmarks {
            try LibraryRules.check(bookmark)
            guard seen.insert(bookmark.id).inserted else {
                throw LibraryError("two bookmarks have this id", at: "bookmark '\(bookmark.id)'")
            }
            for list in bookmark.lists where !listIDs.contains(list) {
                throw LibraryError(
                    "names list '\(list)', which is not in the library", at: "bookmark '\(bookmark.id)' lists"
                )
            }
        }
        seen = []
        for entry in history {
            try LibraryRules.check(entry)
            guard seen.insert(entry.id).inserted else {
                throw LibraryError("two searches have this id", at: "search '\(entry.id)'")
            }
        }
        try LibraryRules.check(preferences.nameQuery, "preferences nameQuery")
        try LibraryRules.check(preferences.categoryQuery, "preferences categoryQuery")
    }

    /// The library with Google places' coordinates older than 30 days removed (the terms allow
    /// keeping a Google place's id for good, its position no longer than that).
    public func removingExpiredCoordinates(now: Date) -> Library {
        var copy = self
        for index in copy.bookmarks.indices where copy.bookmarks[index].place.provider == .google {
            if let saved = copy.bookmarks[index].coordinateSavedAt,
                now.timeIntervalSince(saved) <= LibraryRules.googleCoordinateLifetime
            {
                continue
            }
            copy.bookmarks[index].coordinate = nil
            copy.bookmarks[index].coordinateSavedAt = nil
        }
        return copy
    }

    /// Only the bookmarks in list `listID` and that list (history and preferences kept).
    public func restricted(toList listID: String) -> Library {
        Library(
            bookmarks: bookmarks.filter { $0.lists.contains(listID) }.map { bookmark in
                var copy = bookmark
                copy.lists = [listID]
                return copy
            }, lists: lists.filter { $0.id == listID }, history: [], preferences: preferences)
    }
}
