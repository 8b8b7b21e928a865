import Foundation
import GRDB
import LibraryKit

/// What an import did.
public struct ImportSummary: Sendable, Hashable, Codable {
    /// Records added.
    public var added: Int
    /// Records that replaced one with the same id.
    public var updated: Int
    /// Records left out because this library deleted them earlier (deletes win, also over imports).
    public var skippedDeleted: Int
}

extension LibraryStore {
    /// Adds a whole library (an import), all or nothing: the library is checked first, then every
    /// record is written in one transaction; records with an existing id replace it as local
    /// edits, records this library deleted earlier are skipped. Preferences are replaced.
    public func importLibrary(_ library: Library) throws(LibraryError) -> ImportSummary {
        let library = library.normalized()
        try library.check()
        return try write { db in
            var summary = ImportSummary(added: 0, updated: 0, skippedDeleted: 0)
            let stamp = try tick(db)
            // One read of what exists and what was deleted, instead of two lookups per record.
            let deleted = try Row.fetchAll(db, sql: "SELECT kind, id FROM tombstone").reduce(
                into: Set<String>()
            ) {
                $0.insert(($1[0] as String) + " " + ($1[1] as String))
            }
            let existing = Set(
                try String.fetchAll(
                    db,
                    sql: "SELECT 'bookmark ' || id FROM bookmark UNION ALL SELECT 'list ' || id FROM list"
                        + " UNION ALL SELECT 'search ' || id FROM search_history"))
            var sequence = try reserveSequences(
                db, count: library.lists.count + library.bookmarks.count + library.history.count)
            func count(_ kind: RecordKind, _ id: String) -> Bool {
                let key = kind.rawValue + " " + id
                if deleted.contains(key) {
                    summary.skippedDeleted += 1
                    return false
                }
                if existing.contains(key) { summary.updated += 1 } else { summary.added += 1 }
                return true
            }
            for list in library.lists where count(.list, list.id) {
                try save(db, ListRecord(list: list, stamp: stamp), sequence: sequence)
                sequence += 1
            }
            for bookmark in library.bookmarks where count(.bookmark, bookmark.id) {
                try save(
                    db, BookmarkRecord(bookmark: bookmark, stamps: .init(all: stamp)), sequence: sequence)
                sequence += 1
            }
            for entry in library.history where count(.search, entry.id) {
                try save(db, entry, sequence: sequence)
                sequence += 1
            }
            try save(db, PreferencesRecord(preferences: library.preferences, stamp: stamp))
            return summary
        }
    }
}
