import Foundation
import GRDB
import LibraryKit

/// Reads. Bookmarks come back with only the lists that still exist.
extension LibraryStore {
    /// The bookmark with this id.
    public func bookmark(id: String) throws(LibraryError) -> Bookmark? {
        try read { db in
            try Self.visible(db, try db.cachedStatement(sql: "SELECT * FROM bookmark WHERE id = ?"), [id])
                .first
        }
    }

    /// Every bookmark, by name then id.
    public func bookmarks() throws(LibraryError) -> [Bookmark] {
        try fetch("SELECT * FROM bookmark ORDER BY name, id", [])
    }

    /// The bookmarks in list `listID`, by name.
    ///
    /// - Complexity: an index range over the list's members.
    public func bookmarks(inList listID: String) throws(LibraryError) -> [Bookmark] {
        try fetch(
            "SELECT b.* FROM bookmark_list m JOIN bookmark b ON b.id = m.bookmark_id WHERE m.list_id = ? ORDER BY b.name, b.id",
            [listID])
    }

    /// The bookmarks tagged `tag`, by name.
    public func bookmarks(taggedWith tag: String) throws(LibraryError) -> [Bookmark] {
        try fetch(
            "SELECT b.* FROM bookmark_tag t JOIN bookmark b ON b.id = t.bookmark_id WHERE t.tag = ? ORDER BY b.name, b.id",
            [tag])
    }

    /// The bookmarks of one place (to mark a search result as saved).
    public func bookmarks(for place: PlaceReference) throws(LibraryError) -> [Bookmark] {
        try fetch(
            "SELECT * FROM bookmark WHERE provider = ? AND place_id = ? ORDER BY id",
            [place.provider.rawValue, place.id])
    }

    /// Every list, by name.
    public func lists() throws(LibraryError) -> [BookmarkList] {
        try read { db in
            try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM list ORDER BY name COLLATE NOCASE, id")
            ).map { try Self.listRecord($0).list }
        }
    }

    /// The list with this name (case-insensitive) or id; an error when two lists share the name
    /// (two replicas made it at once).
    public func list(named name: String) throws(LibraryError) -> BookmarkList? {
        try read { db in
            if let row = try Row.fetchOne(
                try db.cachedStatement(sql: "SELECT * FROM list WHERE id = ?"), arguments: [name])
            {
                return try Self.listRecord(row).list
            }
            let found = try Self.lists(db, named: name)
            guard found.count <= 1 else {
                throw LibraryError(
                    "\(found.count) lists are called '\(name)'; give the id (\(found.map(\.id).joined(separator: ", ")))"
                )
            }
            return found.first
        }
    }

    /// The latest searches, newest first.
    public func history(limit: Int = 20) throws(LibraryError) -> [SearchHistoryEntry] {
        try read { db in
            try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM search_history ORDER BY at DESC, id DESC LIMIT ?"),
                arguments: [max(0, limit)]
            )
            .map(Self.entry)
        }
    }

    /// The preferences (the defaults until set).
    public func preferences() throws(LibraryError) -> Preferences {
        try read { db in try Self.preferencesRecord(db)?.preferences ?? Preferences() }
    }

    /// The whole library, normalised (what export writes).
    public func library() throws(LibraryError) -> Library {
        try read { db in
            let lists = try Self.liveListIDs(db)
            var bookmarks = try Self.bookmarks(
                try db.cachedStatement(sql: "SELECT * FROM bookmark ORDER BY id")
            )
            .bookmarks
            for index in bookmarks.indices where !bookmarks[index].lists.allSatisfy(lists.contains) {
                bookmarks[index].lists = bookmarks[index].lists.filter(lists.contains)
            }
            let listValues = try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM list ORDER BY id"))
                .map { try Self.listRecord($0).list }
            let history = try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM search_history ORDER BY at, id")
            ).map(Self.entry)
            return Library(
                bookmarks: bookmarks, lists: listValues, history: history,
                preferences: try Self.preferencesRecord(db)?.preferences ?? Preferences())
        }
    }

    func fetch(_ sql: String, _ arguments: StatementArguments) throws(LibraryError) -> [Bookmark] {
        try read { db in
            try Self.visible(db, try db.cachedStatement(sql: sql), arguments)
        }
    }
}
