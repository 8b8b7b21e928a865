import Foundation
import GRDB
import ServerRepositories
import TidepoolStorage

extension SQLiteServerStore: ReleaseRepository {
    /// Stores a release; a second one for the epoch is a conflict.
    public func publishRelease(_ release: StoredRelease) async throws(ServerStoreError) {
        try write("releases.publish") { db in
            try db.execute(
                sql: "INSERT INTO heat_release (epoch, expires_at, body) VALUES (?, ?, ?)",
                arguments: [release.epoch, release.expiresAt, release.body])
        }
    }

    /// Unexpired releases, newest first.
    public func releases(notExpiredAt unixSeconds: Int64) async throws(ServerStoreError) -> [StoredRelease] {
        try read("releases.list") { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT epoch, expires_at, body FROM heat_release WHERE expires_at > ? ORDER BY epoch DESC",
                arguments: [unixSeconds]
            ).map { StoredRelease(epoch: $0[0], expiresAt: $0[1], body: $0[2]) }
        }
    }

    /// Forgets expired releases.
    public func discardExpiredReleases(at unixSeconds: Int64) async throws(ServerStoreError) {
        try write("releases.discardExpired") { db in
            try db.execute(sql: "DELETE FROM heat_release WHERE expires_at <= ?", arguments: [unixSeconds])
        }
    }
}

extension SQLiteServerStore: PartialCountRepository {
    /// Sets a node's counts and facet counts for an epoch in one write transaction: its earlier
    /// rows of the epoch are deleted and these inserted, so a retry stores the same rows.
    public func storePartialCounts(
        epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]
    ) async throws(ServerStoreError) {
        try write("partialCounts.store") { db in
            try db.execute(
                sql: "DELETE FROM partial_count WHERE epoch = ? AND node = ?", arguments: [epoch, node])
            try db.execute(
                sql: "DELETE FROM partial_facet_count WHERE epoch = ? AND node = ?", arguments: [epoch, node])
            let statement = try db.makeStatement(
                sql: "INSERT INTO partial_count (epoch, node, tile, count) VALUES (?, ?, ?, ?)")
            for (tile, count) in counts where count > 0 {
                try statement.execute(arguments: [epoch, node, Int64(bitPattern: tile), count])
            }
            let facetStatement = try db.makeStatement(
                sql: "INSERT INTO partial_facet_count (epoch, node, tile, facet, count) VALUES (?, ?, ?, ?, ?)")
            for (tile, cells) in facets {
                for (facet, count) in cells where count > 0 {
                    try facetStatement.execute(arguments: [epoch, node, Int64(bitPattern: tile), facet, count])
                }
            }
        }
    }

    /// Closes an epoch in one write transaction: the insert-if-absent of its `epoch_close` row
    /// decides the closer; the sum, the release and the discard commit with it or not at all.
    public func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool {
        try write("epoch.close") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO epoch_close (epoch, node, claimed_at) VALUES (?, ?, ?)",
                arguments: [epoch, node, unixSeconds])
            guard db.changesCount == 1 else { return false }
            let release = try makeRelease(
                PartialTotals(
                    counts: try Self.summedCounts(db, epoch: epoch), facets: try Self.summedFacets(db, epoch: epoch)))
            try db.execute(
                sql: "INSERT INTO heat_release (epoch, expires_at, body) VALUES (?, ?, ?)",
                arguments: [release.epoch, release.expiresAt, release.body])
            try Self.deletePartials(db, through: epoch)
            return true
        }
    }

    /// Summed facet counts of an epoch.
    public func partialFacetCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: [Int: Int]] {
        try read("partialFacetCounts.sum") { db in try Self.summedFacets(db, epoch: epoch) }
    }

    /// Every node's facet counts of an epoch, summed by tile and facet.
    static func summedFacets(_ db: Database, epoch: Int64) throws -> [UInt64: [Int: Int]] {
        var result: [UInt64: [Int: Int]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT tile, facet, SUM(count) FROM partial_facet_count WHERE epoch = ? GROUP BY tile, facet",
            arguments: [epoch])
        {
            result[UInt64(bitPattern: row[0] as Int64), default: [:]][row[1] as Int] = row[2]
        }
        return result
    }

    /// Deletes the partial counts (and facet counts) of `epoch` and earlier.
    static func deletePartials(_ db: Database, through epoch: Int64) throws {
        try db.execute(sql: "DELETE FROM partial_count WHERE epoch <= ?", arguments: [epoch])
        try db.execute(sql: "DELETE FROM partial_facet_count WHERE epoch <= ?", arguments: [epoch])
    }

    /// Summed counts of an epoch.
    public func partialCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: Int] {
        try read("partialCounts.sum") { db in try Self.summedCounts(db, epoch: epoch) }
    }

    /// Every node's counts of an epoch, summed by tile.
    static func summedCounts(_ db: Database, epoch: Int64) throws -> [UInt64: Int] {
        var result: [UInt64: Int] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT tile, SUM(count) FROM partial_count WHERE epoch = ? GROUP BY tile",
            arguments: [epoch])
        {
            result[UInt64(bitPattern: row[0] as Int64)] = row[1]
        }
        return result
    }

    /// Deletes an epoch's partial counts.
    public func discardPartialCounts(epoch: Int64) async throws(ServerStoreError) {
        try write("partialCounts.discard") { db in try Self.deletePartials(db, through: epoch) }
    }
}
