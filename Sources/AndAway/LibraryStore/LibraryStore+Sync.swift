import Foundation
import GRDB
import LibraryKit

/// The sync engine's store side: the change log out, merged change sets in.
///
/// A transport (CloudKit in the Apple shell, a file, a test) carries ``ChangeSet``s between
/// replicas: ask a replica for ``changes(since:)`` with the token from last time, hand the set to
/// the other replica's ``apply(_:)``, keep the set's token. Applying is idempotent and the merge
/// is per-field last-writer-wins by ``Stamp`` (deletes win), so replicas that have exchanged
/// every change hold the same library whatever the order.
extension LibraryStore {
    /// Everything written here (locally or merged) after `token`, and the token to use next.
    public func changes(since token: ChangeToken) throws(LibraryError) -> ChangeSet {
        try read { db in
            let after = token.sequence
            let top =
                try Int64.fetchOne(
                    try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'sequence'")) ?? 0
            let bookmarks = try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM bookmark WHERE sequence > ? ORDER BY sequence"),
                arguments: [after]
            )
            .map(Self.record)
            let lists = try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM list WHERE sequence > ? ORDER BY sequence"),
                arguments: [after]
            )
            .map(Self.listRecord)
            let history = try Row.fetchAll(
                try db.cachedStatement(
                    sql: "SELECT * FROM search_history WHERE sequence > ? ORDER BY sequence"),
                arguments: [after]
            )
            .map(Self.entry)
            var preferences: PreferencesRecord?
            if try Int64.fetchOne(
                try db.cachedStatement(sql: "SELECT sequence FROM preferences WHERE id = 1")
            ).map({ $0 > after }) == true {
                preferences = try Self.preferencesRecord(db)
            }
            let tombstones = try Row.fetchAll(
                try db.cachedStatement(sql: "SELECT * FROM tombstone WHERE sequence > ? ORDER BY sequence"),
                arguments: [after]
            )
            .map { row throws -> Tombstone in
                let kindText: String = row["kind"]
                let stampText: String = row["stamp"]
                guard let kind = RecordKind(rawValue: kindText), let stamp = Stamp(Substring(stampText))
                else {
                    throw LibraryError("damaged tombstone", at: "tombstone '\(row["id"] as String)'")
                }
                return Tombstone(kind: kind, id: row["id"], stamp: stamp)
            }
            return ChangeSet(
                bookmarks: bookmarks, lists: lists, history: history, preferences: preferences,
                tombstones: tombstones,
                token: ChangeToken(sequence: top))
        }
    }

    /// Merges another replica's changes, all or nothing. Records are checked like local edits;
    /// a record with a tombstone (here or in the set) is dropped.
    public func apply(_ changes: ChangeSet) throws(LibraryError) {
        for record in changes.bookmarks { try LibraryRules.check(record.bookmark.normalized()) }
        for record in changes.lists { try LibraryRules.check(record.list.normalized()) }
        for entry in changes.history { try LibraryRules.check(entry.normalized()) }
        if let preferences = changes.preferences {
            try LibraryRules.check(preferences.preferences.nameQuery, "preferences nameQuery")
            try LibraryRules.check(preferences.preferences.categoryQuery, "preferences categoryQuery")
        }
        try write { db in
            try observe(db, counter: changes.highestCounter)
            for tombstone in changes.tombstones where try !Self.isDeleted(db, tombstone.kind, tombstone.id) {
                try bury(db, tombstone)
            }
            for incoming in changes.lists where try !Self.isDeleted(db, .list, incoming.list.id) {
                let incoming = ListRecord(list: incoming.list.normalized(), stamp: incoming.stamp)
                let current = try Row.fetchOne(
                    try db.cachedStatement(sql: "SELECT * FROM list WHERE id = ?"),
                    arguments: [incoming.list.id]
                )
                .map(Self.listRecord)
                let merged = current.map { $0.merged(with: incoming) } ?? incoming
                if merged != current { try save(db, merged) }
            }
            for incoming in changes.bookmarks where try !Self.isDeleted(db, .bookmark, incoming.bookmark.id) {
                let incoming = BookmarkRecord(
                    bookmark: incoming.bookmark.normalized(), stamps: incoming.stamps)
                let current = try Self.record(db, id: incoming.bookmark.id)
                let merged = current.map { $0.merged(with: incoming) } ?? incoming
                if merged != current { try save(db, merged) }
            }
            for entry in changes.history where try !Self.isDeleted(db, .search, entry.id) {
                if try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT 1 FROM search_history WHERE id = ?"),
                    arguments: [entry.id]) != true
                {
                    try save(db, entry.normalized())
                }
            }
            if let incoming = changes.preferences {
                let current = try Self.preferencesRecord(db)
                let merged = current.map { $0.merged(with: incoming) } ?? incoming
                if merged != current { try save(db, merged) }
            }
        }
    }
}
