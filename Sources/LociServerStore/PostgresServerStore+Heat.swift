import Foundation
import PostgresNIO

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
    /// Adds a node's counts in one statement (atomic: all tiles or none).
    public func addPartialCounts(epoch: Int64, node: String, counts: [UInt64: Int])
        async throws(ServerStoreError)
    {
        let positive = counts.filter { $0.value > 0 }
        guard !positive.isEmpty else { return }
        let tiles = positive.keys.map { Int64(bitPattern: $0) }
        let values = positive.keys.map { Int64(positive[$0]!) }
        try await run("partialCounts.add") { client in
            try await Self.execute(
                client,
                """
                INSERT INTO partial_count (epoch, node, tile, count)
                SELECT \(epoch), \(node), tile, count FROM unnest(\(tiles)::BIGINT[], \(values)::BIGINT[])
                    AS added(tile, count)
                ON CONFLICT (epoch, node, tile) DO UPDATE SET count = partial_count.count + excluded.count
                """, logger: logger)
        }
    }

    /// Claims the close of an epoch: insert-if-absent on the epoch's primary key, so exactly
    /// one caller across every process sees its row inserted (a concurrent second insert
    /// waits for the first to commit, then does nothing).
    public func claimEpochClose(epoch: Int64, node: String, at unixSeconds: Int64)
        async throws(ServerStoreError)
        -> Bool
    {
        try await run("partialCounts.claim") { client in
            try await Self.count(
                client.query(
                    """
                    INSERT INTO epoch_close (epoch, node, claimed_at) VALUES (\(epoch), \(node), \(unixSeconds))
                    ON CONFLICT (epoch) DO NOTHING RETURNING epoch
                    """, logger: logger)) == 1
        }
    }

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

    /// Deletes an epoch's partial counts (and every earlier epoch's).
    public func discardPartialCounts(epoch: Int64) async throws(ServerStoreError) {
        try await run("partialCounts.discard") { client in
            try await Self.execute(
                client, "DELETE FROM partial_count WHERE epoch <= \(epoch)", logger: logger)
        }
    }
}
