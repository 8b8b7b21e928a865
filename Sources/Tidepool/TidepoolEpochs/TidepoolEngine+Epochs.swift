import Foundation
import GeoKit
import HeatAggregation
import TidepoolStorage
import TidepoolTokens

extension TidepoolEngine {
    /// Moves to the epoch of the clock's time: drops the old epochs' keys here and in the shared
    /// store (ending issuance and ingest for them), makes sure the coming day's keys exist, flushes the old epochs' counts, and closes every flushed epoch whose
    /// close delay has passed if this node wins the claim. Call it often (the server's ticker
    /// does, every second); it does nothing when nothing is due.
    /// - Returns: the releases this node published in this tick, oldest first (usually none;
    ///   one just after an epoch's close delay if this node closed it).
    /// - Throws: ``ServerStoreError`` or ``TokenError``; what failed is retried on the next tick.
    @discardableResult
    public func tick() async throws -> [HeatRelease] {
        let now = clock()
        let epoch = configuration.epoch(containing: now)
        if epoch > keyring.currentEpoch {
            keyring.advance(to: epoch)
            issuer.ledger.discard(before: epoch)
            verifier.spent.discard(before: epoch)
            // The shared ledger's rows no window that can still take tokens needs (a failure
            // leaves rows for the next rotation).
            try await store.discardIssuances(before: issuanceWindow.oldestNeeded(current: epoch))
            // Ended epochs' private keys are a liability once nothing can verify with them.
            try await store.discardEpochKeys(before: epoch)
            try await store.discardSpentNonces(before: epoch)
        }
        // The cluster's keys for the coming day (read, or made once by whichever node is first).
        try await prepareKeys(through: epoch + keyAheadEpochs - 1)
        let ordered = try await flush(before: epoch)
        // Every past epoch this node saw is closed once (even with no local counts: another
        // node may have some). The previous epoch is always a candidate.
        let candidates: Set<Int64> = state.withLock { state in
            state.unclosed.formUnion(ordered)
            if epoch - 1 > state.handledThrough { state.unclosed.insert(epoch - 1) }
            return state.unclosed
        }
        var published: [HeatRelease] = []
        for candidate in candidates.sorted()
        where now >= (candidate + 1) * configuration.epochSeconds + closeDelaySeconds {
            if let release = try await close(epoch: candidate, at: now) { published.append(release) }
            state.withLock { state in
                state.unclosed.remove(candidate)
                state.handledThrough = max(state.handledThrough, candidate)
                state.collecting = state.collecting.filter { $0.key > state.handledThrough }
                state.forgetCounts(through: state.handledThrough)
            }
        }
        try await store.discardExpiredReleases(at: now)
        return published
    }

    /// Closes an epoch if no node has: in one store transaction, sums every node's partial
    /// counts, adds them to this node's own aggregation of the epoch, draws the release from
    /// the engine's noise, publishes it and deletes the partial counts. A failure anywhere (or
    /// this process dying) leaves the epoch open for the next tick of any node.
    /// - Returns: the release when this node closed the epoch, nil when another node had.
    func close(epoch: Int64, at now: Int64) async throws -> HeatRelease? {
        let local = state.withLock { $0.collecting[epoch] }
        let closed: Bool
        do {
            closed = try await store.closeEpoch(epoch: epoch, node: node, at: now) { summed in
                let release = try self.release(epoch: epoch, local: local, summed: summed)
                let body = try JSONEncoder().encode(release)
                self.state.withLock { $0.made[epoch] = release }
                return StoredRelease(epoch: epoch, expiresAt: release.expiresSeconds, body: body)
            }
        } catch {
            state.withLock { _ = $0.made.removeValue(forKey: epoch) }
            throw error
        }
        let release = state.withLock { state in
            if closed { state.cache = nil }
            return state.made.removeValue(forKey: epoch)
        }
        return closed ? release : nil
    }

    /// The release of `epoch` from this node's reports and every node's summed counts.
    func release(epoch: Int64, local: EpochAggregator?, summed: PartialTotals) throws -> HeatRelease {
        var aggregator =
            try local
            ?? EpochAggregator(
                epoch: epoch, configuration: configuration, tiler: tiler, suppression: suppression, domain: domain)
        var totals: [TileID: Int] = [:]
        for (raw, count) in summed.counts { totals[try TileID(rawValue: raw, tiler: tiler)] = count }
        var facets: [TileID: [Int]] = [:]
        let facetCount = configuration.facetCount
        for (raw, cells) in summed.facets where facetCount > 0 {
            var histogram = [Int](repeating: 0, count: facetCount)
            for (facet, count) in cells where facet >= 0 && facet < facetCount { histogram[facet] = count }
            facets[try TileID(rawValue: raw, tiler: tiler)] = histogram
        }
        try aggregator.include(totals: totals, facets: facets)
        let closing = aggregator
        return noise.withLock { noise in closing.close(using: &noise) }
    }

    /// The releases readable now (cached for a second, so nodes see each other's releases
    /// within a second and a heat read costs no database query).
    public func liveReleases() async throws -> [HeatRelease] {
        let now = clock()
        if let cached = state.withLock({ $0.cache }), cached.readAt == now {
            return cached.releases.filter { $0.isLive(at: now) }
        }
        let decoder = JSONDecoder()
        var result: [HeatRelease] = []
        for stored in try await store.releases(notExpiredAt: now) {
            let release = try decoder.decode(HeatRelease.self, from: stored.body)
            if release.isLive(at: now) { result.append(release) }
        }
        state.withLock { $0.cache = (result, now) }
        return result
    }
}
