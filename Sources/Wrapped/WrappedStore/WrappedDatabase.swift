import Foundation
import GRDB
import GeoKit
import WrappedKit

/// The derived model of seed §9 in SQLite: a run per cache key (seed §15) with its places,
/// cards and asset references, and the geocode cache. A cache hit rebuilds the
/// ``WrappedKit/WrappedResult`` without touching a photo.
///
/// Writes are single transactions: a failed save leaves the previous runs as they were. Only
/// the newest ``keptRuns`` runs are kept.
public final class WrappedDatabase: Sendable {
    /// The file.
    public let path: String
    /// Runs kept; older ones are deleted on save.
    public static let keptRuns = 8
    let queue: DatabaseQueue

    /// Opens (creating and migrating when needed) the database at `path`.
    /// - Throws: ``WrappedKit/WrappedError/storeFailed(_:)`` naming the file and the cause.
    public init(path: String) throws(WrappedError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            // Another process (a second `loci` command, the app and its extension) may be
            // writing the same file: wait for its lock instead of failing with "database is locked".
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try WrappedDatabaseSchema.migrator.migrate(queue)
        } catch {
            throw .storeFailed("\(path): \(error)")
        }
    }

    /// Stores `result` under `key`, replacing a run with the same key.
    public func save(_ result: WrappedResult, key: WrappedCacheKey, createdAt: Date) throws(WrappedError) {
        do {
            try queue.write { db in
                try db.execute(
                    sql: """
                        DELETE FROM wrapped_run WHERE time_range_start = ? AND time_range_end = ? AND filters_hash = ?
                        AND algorithm_version = ? AND access_privileges = ? AND photo_set_fingerprint = ? AND label_source = ?
                        """, arguments: Self.keyArguments(key))
                try WrappedRunRecords.insert(result, key: key, createdAt: createdAt, db)
                try db.execute(
                    sql: "DELETE FROM wrapped_run WHERE id NOT IN (SELECT id FROM wrapped_run ORDER BY created_at DESC, id DESC LIMIT ?)",
                    arguments: [Self.keptRuns])
            }
        } catch {
            throw .storeFailed("saving a run to \(path): \(error)")
        }
    }

    /// The stored result for `key`, or `nil` on a miss.
    public func load(_ key: WrappedCacheKey) throws(WrappedError) -> WrappedResult? {
        do {
            return try queue.read { db in
                guard
                    let run = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT * FROM wrapped_run WHERE time_range_start = ? AND time_range_end = ? AND filters_hash = ?
                            AND algorithm_version = ? AND access_privileges = ? AND photo_set_fingerprint = ? AND label_source = ?
                            """, arguments: Self.keyArguments(key))
                else { return nil }
                return try WrappedRunRecords.decode(run, db)
            }
        } catch let error as WrappedError {
            throw error
        } catch {
            throw .storeFailed("reading a run from \(path): \(error)")
        }
    }

    /// The newest stored run that matches `key` in everything but ``WrappedCacheKey/labelSource``,
    /// with the label source it was made with; `nil` when there is none or `key` does not name its
    /// label source (empty). The caller relabels it (``WrappedKit/WrappedEngine/relabel(_:)``)
    /// instead of reading the photos again.
    public func loadRelabelling(_ key: WrappedCacheKey) throws(WrappedError) -> (result: WrappedResult, labelSource: String)? {
        guard !key.labelSource.isEmpty else { return nil }
        do {
            return try queue.read { db in
                guard
                    let run = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT * FROM wrapped_run WHERE time_range_start = ? AND time_range_end = ? AND filters_hash = ?
                            AND algorithm_version = ? AND access_privileges = ? AND photo_set_fingerprint = ?
                            AND label_source != ? ORDER BY created_at DESC, id DESC LIMIT 1
                            """, arguments: Self.keyArguments(key))
                else { return nil }
                let labelSource: String = run["label_source"]
                return (try WrappedRunRecords.decode(run, db), labelSource)
            }
        } catch let error as WrappedError {
            throw error
        } catch {
            throw .storeFailed("reading a run from \(path): \(error)")
        }
    }

    /// Number of stored runs.
    public func runCount() throws(WrappedError) -> Int {
        do { return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM wrapped_run") ?? 0 } } catch {
            throw .storeFailed("\(path): \(error)")
        }
    }

    // MARK: Geocode cache (seed §9.2: key = rounded lat/lon)

    /// The cache key of a coordinate: latitude and longitude rounded to 3 decimals (~100 m).
    public static func geocodeKey(_ c: Coordinate) -> String {
        String(format: "%.3f,%.3f", c.latitude, c.longitude)
    }

    /// A cached label for `coordinate`, if any.
    public func cachedLabel(at coordinate: Coordinate) throws(WrappedError) -> PlaceLabel? {
        do {
            return try queue.read { db in
                try Row.fetchOne(db, sql: "SELECT label, confidence FROM geocode_cache WHERE key = ?", arguments: [Self.geocodeKey(coordinate)])
                    .map { row in PlaceLabel(text: row["label"], confidence: LabelConfidence(rawValue: row["confidence"]) ?? .low) }
            }
        } catch {
            throw .storeFailed("\(path): \(error)")
        }
    }

    /// Caches `label` for `coordinate`.
    public func cacheLabel(_ label: PlaceLabel, at coordinate: Coordinate, updatedAt: Date) throws(WrappedError) {
        do {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO geocode_cache (key, label, confidence, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [Self.geocodeKey(coordinate), label.text, label.confidence.rawValue, updatedAt.timeIntervalSince1970])
            }
        } catch {
            throw .storeFailed("\(path): \(error)")
        }
    }

    static func keyArguments(_ key: WrappedCacheKey) -> StatementArguments {
        [
            key.from.description, key.to.description, key.filtersHash, key.algorithmVersion, key.accessPrivileges,
            key.photoSetFingerprint, key.labelSource,
        ]
    }
}
