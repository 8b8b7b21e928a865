import Foundation
import GRDB
import LibraryKit

/// Local edits: each stamps the fields it changes with this replica's clock.
extension LibraryStore {
    /// Saves a new bookmark. Its id must be new (and never deleted), its lists must exist.
    public func add(_ bookmark: Bookmark) throws(LibraryError) {
        let bookmark = bookmark.normalized()
        try LibraryRules.check(bookmark)
        try write { db in
            guard try Self.record(db, id: bookmark.id) == nil, try !Self.isDeleted(db, .bookmark, bookmark.id)
            else {
                throw LibraryError(
                    "a bookmark with this id exists or existed", at: "bookmark '\(bookmark.id)'")
            }
            try Self.requireLists(db, bookmark)
            try save(db, BookmarkRecord(bookmark: bookmark, stamps: .init(all: try tick(db))))
        }
    }

    /// Changes a bookmark through `change` (its id, place and creation time stay); stamps only the
    /// fields that changed. Returns the bookmark as saved.
    @discardableResult
    public func updateBookmark(id: String, _ change: (inout Bookmark) -> Void) throws(LibraryError)
        -> Bookmark
    {
        try write { db in
            guard var record = try Self.record(db, id: id) else {
                throw LibraryError("no such bookmark", at: "bookmark '\(id)'")
            }
            let lists = try Self.liveListIDs(db)
            let before = Self.visible(record, lists: lists)
            var edited = before
            change(&edited)
            edited.id = before.id
            edited.place = before.place
            edited.created = before.created
            edited = edited.normalized()
            try LibraryRules.check(edited)
            try Self.requireLists(db, edited)
            guard edited != before else { return edited }
            let stamp = try tick(db)
            if edited.name != before.name { record.stamps.name = stamp }
            if edited.note != before.note { record.stamps.note = stamp }
            if edited.tags != before.tags { record.stamps.tags = stamp }
            if edited.lists != before.lists { record.stamps.lists = stamp }
            if edited.coordinate != before.coordinate || edited.coordinateSavedAt != before.coordinateSavedAt
            {
                record.stamps.position = stamp
            }
            // Keep the stored membership (which may still name deleted lists) unless it was edited,
            // so the field's value stays the one its stamp was given on every replica.
            let storedLists = record.bookmark.lists
            record.bookmark = edited
            if edited.lists == before.lists { record.bookmark.lists = storedLists }
            try save(db, record)
            return edited
        }
    }

    /// Deletes a bookmark (leaving a tombstone); false when there was none.
    @discardableResult
    public func removeBookmark(id: String) throws(LibraryError) -> Bool {
        try write { db in
            guard try Self.record(db, id: id) != nil else { return false }
            try bury(db, Tombstone(kind: .bookmark, id: id, stamp: try tick(db)))
            return true
        }
    }

    /// Makes a list; its id must be new and its name unused (case-insensitive).
    public func createList(_ list: BookmarkList) throws(LibraryError) {
        let list = list.normalized()
        try LibraryRules.check(list)
        try write { db in
            guard
                try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT 1 FROM list WHERE id = ?"), arguments: [list.id])
                    != true,
                try !Self.isDeleted(db, .list, list.id)
            else { throw LibraryError("a list with this id exists or existed", at: "list '\(list.id)'") }
            guard try Self.lists(db, named: list.name).isEmpty else {
                throw LibraryError("a list called '\(list.name)' exists", at: "list name")
            }
            try save(db, ListRecord(list: list, stamp: try tick(db)))
        }
    }

    /// Renames a list; the name must be unused by another list.
    public func renameList(id: String, to name: String) throws(LibraryError) {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    try db.cachedStatement(sql: "SELECT * FROM list WHERE id = ?"), arguments: [id])
            else {
                throw LibraryError("no such list", at: "list '\(id)'")
            }
            var record = try Self.listRecord(row)
            record.list.name = name
            record.list = record.list.normalized()
            try LibraryRules.check(record.list)
            guard try Self.lists(db, named: record.list.name).allSatisfy({ $0.id == id }) else {
                throw LibraryError("a list called '\(record.list.name)' exists", at: "list name")
            }
            record.stamp = try tick(db)
            try save(db, record)
        }
    }

    /// Deletes a list (its bookmarks stay, outside it); false when there was none.
    @discardableResult
    public func deleteList(id: String) throws(LibraryError) -> Bool {
        try write { db in
            guard
                try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT 1 FROM list WHERE id = ?"), arguments: [id]) == true
            else { return false }
            try bury(db, Tombstone(kind: .list, id: id, stamp: try tick(db)))
            return true
        }
    }

    /// Records a search.
    public func recordSearch(_ entry: SearchHistoryEntry) throws(LibraryError) {
        let entry = entry.normalized()
        try LibraryRules.check(entry)
        try write { db in
            guard try !Self.isDeleted(db, .search, entry.id) else {
                throw LibraryError("was deleted", at: "search '\(entry.id)'")
            }
            try save(db, entry)
        }
    }

    /// Deletes every search-history entry (leaving tombstones); returns how many.
    @discardableResult
    public func clearHistory() throws(LibraryError) -> Int {
        try write { db in
            let ids = try String.fetchAll(try db.cachedStatement(sql: "SELECT id FROM search_history"))
            let stamp = try tick(db)
            for id in ids { try bury(db, Tombstone(kind: .search, id: id, stamp: stamp)) }
            return ids.count
        }
    }

    /// Replaces the preferences.
    public func setPreferences(_ preferences: Preferences) throws(LibraryError) {
        try LibraryRules.check(preferences.nameQuery, "preferences nameQuery")
        try LibraryRules.check(preferences.categoryQuery, "preferences categoryQuery")
        try write { db in try save(db, PreferencesRecord(preferences: preferences, stamp: try tick(db))) }
    }

    static func requireLists(_ db: Database, _ bookmark: Bookmark) throws {
        guard !bookmark.lists.isEmpty else { return }
        let live = try liveListIDs(db)
        for list in bookmark.lists where !live.contains(list) {
            throw LibraryError("no list with id '\(list)'", at: "bookmark '\(bookmark.id)' lists")
        }
    }

    static func lists(_ db: Database, named name: String) throws -> [BookmarkList] {
        try Row.fetchAll(
            try db.cachedStatement(sql: "SELECT * FROM list WHERE name = ? COLLATE NOCASE ORDER BY id"),
            arguments: [name]
        )
        .map { try listRecord($0).list }
    }
}
