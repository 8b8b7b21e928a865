import Foundation
import GRDB
import GeoKit
import LibraryKit

/// And Away's personal library in SQLite (GRDB), with migrations: bookmarks, lists, search
/// history, preferences, and the sync state (per-field stamps, tombstones, a change log).
///
/// Every write is one transaction and is checked first (``LibraryRules``): an invalid value is
/// refused naming its record and field, and nothing is written. Local edits stamp the fields they
/// change with this replica's Lamport clock; ``changes(since:)`` and ``apply(_:)`` exchange them
/// with other replicas (`LibraryStore+Sync.swift`).
public final class LibraryStore: Sendable {
    /// The file.
    public let path: String
    /// This replica's id (letters, digits, `-`, `_`, `.`).
    public let replicaID: String
    let queue: DatabaseQueue
    let now: @Sendable () -> Date

    /// Opens (creating and migrating) the store at `path` as replica `replicaID`.
    ///
    /// A new store keeps `replicaID`; an existing one keeps the id it was made with, so pass the
    /// same one (``storedReplicaID``). `now` is the clock (for creation times and the 30-day
    /// limit on Google coordinates). Google coordinates past that limit are removed on open.
    public init(path: String, replicaID: String, now: @escaping @Sendable () -> Date = { Date() })
        throws(LibraryError)
    {
        self.path = path
        self.now = now
        try LibraryRules.checkID(replicaID, "replica id")
        guard !replicaID.contains(":"), !replicaID.contains("/") else {
            throw LibraryError("may not hold ':' or '/'", at: "replica id")
        }
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            // Another process (a second `loci` command, the app and its extension) may be
            // writing the same file: wait for its lock instead of failing with "database is locked".
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
            self.replicaID = try queue.write { db in
                if let stored = try String.fetchOne(
                    try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'replica'"))
                {
                    return stored
                }
                try db.exec(
                    sql: "INSERT INTO meta (key, value) VALUES ('replica', ?)", arguments: [replicaID])
                return replicaID
            }
        } catch {
            throw LibraryError("\(error)", at: path)
        }
        try purgeExpiredCoordinates()
    }

    /// The replica id stored in the file at `path`, if it is a library store.
    public static func storedReplicaID(path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path), let queue = try? DatabaseQueue(path: path) else {
            return nil
        }
        return try? queue.read { db in
            try String.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'replica'"))
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
                    INSERT INTO meta (key, value) VALUES ('clock', 0), ('sequence', 0);
                    CREATE TABLE bookmark (
                        id TEXT PRIMARY KEY,
                        provider TEXT NOT NULL,
                        place_id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        lat REAL CHECK (lat BETWEEN -90 AND 90),
                        lon REAL CHECK (lon BETWEEN -180 AND 180),
                        coordinate_saved_at INTEGER,
                        note TEXT NOT NULL,
                        tags TEXT NOT NULL,
                        lists TEXT NOT NULL,
                        created INTEGER NOT NULL,
                        stamps TEXT NOT NULL,
                        sequence INTEGER NOT NULL
                    );
                    CREATE INDEX bookmark_place ON bookmark (provider, place_id);
                    CREATE INDEX bookmark_sequence ON bookmark (sequence);
                    CREATE TABLE bookmark_tag (
                        tag TEXT NOT NULL, bookmark_id TEXT NOT NULL REFERENCES bookmark(id) ON DELETE CASCADE,
                        PRIMARY KEY (tag, bookmark_id)) WITHOUT ROWID;
                    CREATE INDEX bookmark_tag_bookmark ON bookmark_tag (bookmark_id);
                    CREATE TABLE bookmark_list (
                        list_id TEXT NOT NULL, bookmark_id TEXT NOT NULL REFERENCES bookmark(id) ON DELETE CASCADE,
                        PRIMARY KEY (list_id, bookmark_id)) WITHOUT ROWID;
                    CREATE INDEX bookmark_list_bookmark ON bookmark_list (bookmark_id);
                    CREATE TABLE list (
                        id TEXT PRIMARY KEY, name TEXT NOT NULL, created INTEGER NOT NULL, stamp TEXT NOT NULL,
                        sequence INTEGER NOT NULL);
                    CREATE TABLE search_history (
                        id TEXT PRIMARY KEY, query TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL,
                        sequence INTEGER NOT NULL);
                    CREATE INDEX search_history_at ON search_history (at);
                    CREATE TABLE preferences (
                        id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL, stamp TEXT NOT NULL, sequence INTEGER NOT NULL);
                    CREATE TABLE tombstone (
                        kind TEXT NOT NULL, id TEXT NOT NULL, stamp TEXT NOT NULL, sequence INTEGER NOT NULL,
                        PRIMARY KEY (kind, id)) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try queue.write(body)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError("\(error)", at: path)
        }
    }

    /// Reads run straight on the queue's connection: every access to a `DatabaseQueue` is
    /// serialised, so no write can land between a read's statements, and the read-only
    /// transaction `read` adds costs more than a one-row query.
    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try queue.inDatabase(body)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError("\(error)", at: path)
        }
    }

    /// Removes Google places' coordinates saved more than 30 days ago (the Maps Platform terms);
    /// returns how many. A local edit of the position, so it syncs.
    @discardableResult
    public func purgeExpiredCoordinates() throws(LibraryError) -> Int {
        let cutoff = LibraryTime.milliseconds(now()) - Int64(LibraryRules.googleCoordinateLifetime * 1_000)
        return try write { db in
            let ids = try String.fetchAll(
                db,
                sql:
                    "SELECT id FROM bookmark WHERE provider = 'google' AND lat IS NOT NULL AND (coordinate_saved_at IS NULL OR coordinate_saved_at < ?)",
                arguments: [cutoff])
            for id in ids {
                guard var record = try Self.record(db, id: id) else { continue }
                record.bookmark.coordinate = nil
                record.bookmark.coordinateSavedAt = nil
                record.stamps.position = try tick(db)
                try save(db, record)
            }
            return ids.count
        }
    }
}
