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
            for list in library.lists {
                if try Self.isDeleted(db, .list, list.id) {
                    summary.skippedDeleted += 1
                    continue
                }
                let exists =
                    try Bool.fetchOne(
                        try db.cachedStatement(sql: "SELECT 1 FROM list WHERE id = ?"), arguments: [list.id])
                    == true
                if exists { summary.updated += 1 } else { summary.added += 1 }
                try save(db, ListRecord(list: list, stamp: stamp))
            }
            for bookmark in library.bookmarks {
                if try Self.isDeleted(db, .bookmark, bookmark.id) {
                    summary.skippedDeleted += 1
                    continue
                }
                if try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT 1 FROM bookmark WHERE id = ?"),
                    arguments: [bookmark.id]) == true
                {
                    summary.updated += 1
                    try db.exec(sql: "DELETE FROM bookmark WHERE id = ?", arguments: [bookmark.id])
                } else {
                    summary.added += 1
                }
                try save(db, BookmarkRecord(bookmark: bookmark, stamps: .init(all: stamp)))
            }
            for entry in library.history {
                if try Self.isDeleted(db, .search, entry.id) {
                    summary.skippedDeleted += 1
                    continue
                }
                summary.added += 1
                try save(db, entry)
            }
            try save(db, PreferencesRecord(preferences: library.preferences, stamp: stamp))
            return summary
        }
    }
}
