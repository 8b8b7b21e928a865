import Foundation
import PostgresNIO
import ServerRepositories
import TidepoolStorage

extension PostgresServerStore: ReleaseRepository {
    /// Stores a release; a second one for the epoch is a conflict.
    public func publishRelease(_ release: StoredRelease) async throws(ServerStoreError) {
        try await run("releases.publish") { client in
            try await Self.execute(
                client,
                """
                INSERT INTO heat_release (epoch, expires_at, body)
                VALUES (\(release.epoch), \(release.expiresAt), \(release.body))
                """, logger: logger)
        }
    }

    /// Unexpired releases, newest first.
    public func releases(notExpiredAt unixSeconds: Int64) async throws(ServerStoreError) -> [StoredRelease] {
        try await run("releases.list") { client in
            let rows = try await client.query(
                """
                SELECT epoch, expires_at, body FROM heat_release WHERE expires_at > \(unixSeconds)
                ORDER BY epoch DESC
                """, logger: logger)
            var result: [StoredRelease] = []
            for try await (epoch, expiresAt, body) in rows.decode((Int64, Int64, ByteBuffer).self) {
                result.append(StoredRelease(epoch: epoch, expiresAt: expiresAt, body: Data(buffer: body)))
            }
            return result
        }
    }

    /// Forgets expired releases.
    public func discardExpiredReleases(at unixSeconds: Int64) async throws(ServerStoreError) {
        try await run("releases.discardExpired") { client in
            try await Self.execute(
                client, "DELETE FROM heat_release WHERE expires_at <= \(unixSeconds)", logger: logger)
        }
    }
}

extension PostgresServerStore: PartialCountRepository {
    /// Sets a node's counts and facet counts for an epoch in one transaction (atomic: all or
    /// none): its earlier rows of the epoch are deleted and these inserted, so a retry after a
    /// lost reply stores the same rows.
    public func storePartialCounts(
        epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]
    ) async throws(ServerStoreError) {
        let positive = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let tiles = positive.map { Int64(bitPattern: $0.key) }
        let values = positive.map { Int64($0.value) }
        var facetTiles: [Int64] = []
        var facetIndices: [Int64] = []
        var facetValues: [Int64] = []
        for (tile, cells) in facets {
            for (facet, count) in cells where count > 0 {
                facetTiles.append(Int64(bitPattern: tile))
                facetIndices.append(Int64(facet))
                facetValues.append(Int64(count))
            }
        }
        let logger = logger
        try await run("partialCounts.store") { client in
            try await client.withTransaction(logger: logger) { connection in
                _ = try await Self.count(
                    connection.query(
                        "DELETE FROM partial_count WHERE epoch = \(epoch) AND node = \(node)", logger: logger))
                _ = try await Self.count(
                    connection.query(
                        "DELETE FROM partial_facet_count WHERE epoch = \(epoch) AND node = \(node)", logger: logger))
                if !tiles.isEmpty {
                    _ = try await Self.count(
                        connection.query(
                            """
                            INSERT INTO partial_count (epoch, node, tile, count)
                            SELECT \(epoch), \(node), tile, count FROM unnest(\(tiles)::BIGINT[], \(values)::BIGINT[])
                                AS added(tile, count)
                            """, logger: logger))
                }
                if !facetTiles.isEmpty {
                    _ = try await Self.count(
                        connection.query(
                            """
                            INSERT INTO partial_facet_count (epoch, node, tile, facet, count)
                            SELECT \(epoch), \(node), tile, facet, count
                            FROM unnest(\(facetTiles)::BIGINT[], \(facetIndices)::BIGINT[], \(facetValues)::BIGINT[])
                                AS added(tile, facet, count)
                            """, logger: logger))
                }
            }
        }
    }

    /// Closes an epoch in one transaction under a transaction-scoped advisory lock on the
    /// epoch (`pg_try_advisory_xact_lock`: a second node does not wait, it returns false), then
    /// the insert-if-absent of its `epoch_close` row (an epoch closed earlier stays closed); the
    /// sum, the release and the discard commit together. A closer that dies mid-way rolls back
    /// and releases the lock, so the next node's tick closes the epoch.
    public func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool {
        let logger = logger
        return try await run("epoch.close") { client in
            try await client.withTransaction(logger: logger) { connection in
                var locked = false
                for try await acquired in try await connection.query(
                    "SELECT pg_try_advisory_xact_lock(\(Self.epochLockClass), \(Int32(truncatingIfNeeded: epoch)))",
                    logger: logger
                ).decode(Bool.self) {
                    locked = acquired
                }
                guard locked else { return false }
                let claimed = try await Self.count(
                    connection.query(
                        """
                        INSERT INTO epoch_close (epoch, node, claimed_at) VALUES (\(epoch), \(node), \(unixSeconds))
                        ON CONFLICT (epoch) DO NOTHING RETURNING epoch
                        """, logger: logger))
                guard claimed == 1 else { return false }
                var summed: [UInt64: Int] = [:]
                for try await (tile, count) in try await connection.query(
                    "SELECT tile, SUM(count)::BIGINT FROM partial_count WHERE epoch = \(epoch) GROUP BY tile",
                    logger: logger
                ).decode((Int64, Int64).self) {
                    summed[UInt64(bitPattern: tile)] = Int(count)
                }
                var facets: [UInt64: [Int: Int]] = [:]
                for try await (tile, facet, count) in try await connection.query(
                    """
                    SELECT tile, facet, SUM(count)::BIGINT FROM partial_facet_count WHERE epoch = \(epoch)
                    GROUP BY tile, facet
                    """,
                    logger: logger
                ).decode((Int64, Int64, Int64).self) {
                    facets[UInt64(bitPattern: tile), default: [:]][Int(facet)] = Int(count)
                }
                let release = try makeRelease(PartialTotals(counts: summed, facets: facets))
                _ = try await Self.count(
                    connection.query(
                        """
                        INSERT INTO heat_release (epoch, expires_at, body)
                        VALUES (\(release.epoch), \(release.expiresAt), \(release.body))
                        """, logger: logger))
                _ = try await Self.count(
                    connection.query("DELETE FROM partial_count WHERE epoch <= \(epoch)", logger: logger))
                _ = try await Self.count(
                    connection.query("DELETE FROM partial_facet_count WHERE epoch <= \(epoch)", logger: logger))
                return true
            }
        }
    }

    /// The first key of the epoch-close advisory locks ("lcep" in ASCII); the second is the epoch.
    static let epochLockClass: Int32 = 0x6C63_6570

    /// Summed counts of an epoch.
    public func partialCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: Int] {
        try await run("partialCounts.sum") { client in
            let rows = try await client.query(
                "SELECT tile, SUM(count)::BIGINT FROM partial_count WHERE epoch = \(epoch) GROUP BY tile",
                logger: logger)
            var result: [UInt64: Int] = [:]
            for try await (tile, count) in rows.decode((Int64, Int64).self) {
                result[UInt64(bitPattern: tile)] = Int(count)
            }
            return result
        }
    }

    /// Summed facet counts of an epoch.
    public func partialFacetCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: [Int: Int]] {
        try await run("partialFacetCounts.sum") { client in
            let rows = try await client.query(
                """
                SELECT tile, facet, SUM(count)::BIGINT FROM partial_facet_count WHERE epoch = \(epoch)
                GROUP BY tile, facet
                """,
                logger: logger)
            var result: [UInt64: [Int: Int]] = [:]
            for try await (tile, facet, count) in rows.decode((Int64, Int64, Int64).self) {
                result[UInt64(bitPattern: tile), default: [:]][Int(facet)] = Int(count)
            }
            return result
        }
    }

    /// Deletes an epoch's partial counts and facet counts (and every earlier epoch's).
    public func discardPartialCounts(epoch: Int64) async throws(ServerStoreError) {
        try await run("partialCounts.discard") { client in
            try await Self.execute(
                client, "DELETE FROM partial_count WHERE epoch <= \(epoch)", logger: logger)
            try await Self.execute(
                client, "DELETE FROM partial_facet_count WHERE epoch <= \(epoch)", logger: logger)
        }
    }
}
