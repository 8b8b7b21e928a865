import Foundation
import GeoKit
import HeatAggregation
import LociServerStore
import TidepoolTokens

extension TidepoolEngine {
    /// Moves to the epoch of the clock's time: rotates the key (ending issuance and ingest for
    /// the old epoch), flushes the old epochs' counts, and closes every flushed epoch whose
    /// close delay has passed if this node wins the claim. Call it often (the ticker does,
    /// every second); it does nothing when nothing is due.
    /// - Throws: ``ServerStoreError`` or ``TokenError``; what failed is retried on the next tick.
    public func tick() async throws {
        let now = clock()
        let epoch = configuration.epoch(containing: now)
        if epoch > keyring.currentEpoch {
            try keyring.rotate(to: epoch)
            issuer.ledger.discard(before: epoch)
            verifier.spent.discard(before: epoch)
        }
        let flush: [Int64: [UInt64: Int]] = withLock {
            let old = pending.filter { $0.key < epoch }
            for key in old.keys { pending[key] = nil }
            return old
        }
        let ordered = flush.sorted(by: { $0.key < $1.key })
        for (index, (old, tiles)) in ordered.enumerated() {
            do { try await counts.addPartialCounts(epoch: old, node: node, counts: tiles) } catch {
                // Nothing of this batch was written (each flush is atomic): keep it and the later
                // ones in memory for the next tick rather than dropping counts.
                withLock {
                    for (epoch, tiles) in ordered[index...] {
                        pending[epoch, default: [:]].merge(tiles, uniquingKeysWith: +)
                    }
                }
                throw error
            }
        }
        // Every past epoch this node saw is closed once (even with no local counts: another
        // node may have some). The previous epoch is always a candidate.
        let candidates: Set<Int64> = withLock {
            unclosed.formUnion(flush.keys)
            if epoch - 1 > handledThrough { unclosed.insert(epoch - 1) }
            return unclosed
        }
        for candidate in candidates.sorted()
        where now >= (candidate + 1) * configuration.epochSeconds + closeDelaySeconds {
            try await close(epoch: candidate, at: now)
            withLock {
                unclosed.remove(candidate)
                handledThrough = max(handledThrough, candidate)
            }
        }
        try await releases.discardExpiredReleases(at: now)
    }

    /// Closes an epoch if no node has: in one store transaction, sums every node's partial
    /// counts, runs the DP release (system CSPRNG), publishes it and deletes the partial counts.
    /// A failure anywhere (or this process dying) leaves the epoch open for the next tick of
    /// any node.
    func close(epoch: Int64, at now: Int64) async throws {
        let configuration = configuration
        let tiler = tiler
        let suppression = suppression
        let closed = try await counts.closeEpoch(epoch: epoch, node: node, at: now) { summed in
            var aggregator = try EpochAggregator(
                epoch: epoch, configuration: configuration, tiler: tiler, suppression: suppression)
            for (raw, count) in summed {
                let tile = try TileID(rawValue: raw, tiler: tiler)
                for _ in 0..<count { try aggregator.add(tile: tile) }
            }
            let release = aggregator.close()
            return StoredRelease(
                epoch: epoch, expiresAt: release.expiresSeconds, body: try JSONEncoder().encode(release))
        }
        if closed { withLock { cache = nil } }
    }

    /// The releases readable now (cached for a second, so nodes see each other's releases
    /// within a second and a heat read costs no database query).
    public func liveReleases() async throws -> [HeatRelease] {
        let now = clock()
        if let cached = withLock({ cache }), cached.readAt == now {
            return cached.releases.filter { $0.isLive(at: now) }
        }
        let decoder = JSONDecoder()
        var result: [HeatRelease] = []
        for stored in try await releases.releases(notExpiredAt: now) {
            let release = try decoder.decode(HeatRelease.self, from: stored.body)
            if release.isLive(at: now) { result.append(release) }
        }
        withLock { cache = (result, now) }
        return result
    }

    /// The current time of the engine's clock, Unix seconds.
    public var now: Int64 { clock() }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
