import Foundation

/// An ``EpochStore`` in memory: the simulator's store, and the reference the server stores'
/// conformance suite also runs against. One process only (its "transactions" are the actor's
/// serial execution), and nothing survives the process.
public actor InMemoryEpochStore: EpochStore {
    /// Partial counts by epoch, node and raw tile id.
    private var partials: [Int64: [String: [UInt64: Int]]] = [:]
    /// Partial facet counts by epoch, node, raw tile id and facet.
    private var facetPartials: [Int64: [String: [UInt64: [Int: Int]]]] = [:]
    /// Epochs closed, with the node that closed each.
    private var closers: [Int64: String] = [:]
    /// Releases by epoch.
    private var stored: [Int64: StoredRelease] = [:]
    /// Units that took their token, by epoch.
    private var issued: [Int64: Set<String>] = [:]
    /// Spent nonces by epoch.
    private var spentNonces: [Int64: Set<Data>] = [:]
    /// Private epoch keys (DER) by epoch.
    private var keys: [Int64: Data] = [:]

    /// An empty store.
    public init() {}

    /// Stores a release; a second one for the epoch is a `conflict`.
    public func publishRelease(_ release: StoredRelease) throws(ServerStoreError) {
        guard stored[release.epoch] == nil else {
            throw ServerStoreError(
                .conflict("epoch \(release.epoch) already has a release"), operation: "releases.publish")
        }
        stored[release.epoch] = release
    }

    /// Unexpired releases, newest first.
    public func releases(notExpiredAt unixSeconds: Int64) -> [StoredRelease] {
        stored.values.filter { $0.expiresAt > unixSeconds }.sorted { $0.epoch > $1.epoch }
    }

    /// Forgets expired releases.
    public func discardExpiredReleases(at unixSeconds: Int64) {
        stored = stored.filter { $0.value.expiresAt > unixSeconds }
    }

    /// Sets a node's counts for an epoch (replacing what it stored before; a repeat is a no-op).
    public func storePartialCounts(epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]) {
        partials[epoch, default: [:]][node] = counts.filter { $0.value > 0 }
        var cleaned: [UInt64: [Int: Int]] = [:]
        for (tile, cells) in facets {
            let positive = cells.filter { $0.value > 0 }
            if !positive.isEmpty { cleaned[tile] = positive }
        }
        facetPartials[epoch, default: [:]][node] = cleaned
    }

    /// Closes an epoch once: the sum, the release and the discard happen together or not at
    /// all (a throwing `makeRelease` leaves everything as it was).
    public func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) throws(ServerStoreError) -> Bool {
        guard closers[epoch] == nil else { return false }
        let release: StoredRelease
        do {
            release = try makeRelease(
                PartialTotals(counts: partialCounts(epoch: epoch), facets: partialFacetCounts(epoch: epoch)))
        } catch {
            throw ServerStoreError(.database("the release could not be made: \(error)"), operation: "epoch.close")
        }
        guard stored[release.epoch] == nil else {
            throw ServerStoreError(
                .conflict("epoch \(release.epoch) already has a release"), operation: "epoch.close")
        }
        closers[epoch] = node
        stored[release.epoch] = release
        discardPartialCounts(epoch: epoch)
        return true
    }

    /// Every node's counts of an epoch, summed by tile.
    public func partialCounts(epoch: Int64) -> [UInt64: Int] {
        var result: [UInt64: Int] = [:]
        for counts in (partials[epoch] ?? [:]).values { result.merge(counts, uniquingKeysWith: +) }
        return result
    }

    /// Every node's facet counts of an epoch, summed by tile and facet.
    public func partialFacetCounts(epoch: Int64) -> [UInt64: [Int: Int]] {
        var result: [UInt64: [Int: Int]] = [:]
        for tiles in (facetPartials[epoch] ?? [:]).values {
            for (tile, cells) in tiles { result[tile, default: [:]].merge(cells, uniquingKeysWith: +) }
        }
        return result
    }

    /// Deletes the partial counts of `epoch` and earlier.
    public func discardPartialCounts(epoch: Int64) {
        partials = partials.filter { $0.key > epoch }
        facetPartials = facetPartials.filter { $0.key > epoch }
    }

    /// Records a batch of issuances unless one is recorded or a window would pass the cap;
    /// `sign` runs on the actor, so no other issuance interleaves.
    public func issueBatch<Failure: Error>(
        device: String, epochs: [Int64], window: IssuanceWindow?, sign: @Sendable (Int64) -> Result<Data, Failure>
    ) -> BatchIssuanceOutcome<Failure> {
        var seen = Set<Int64>()
        for epoch in epochs {
            guard !(issued[epoch]?.contains(device) ?? false), seen.insert(epoch).inserted else {
                return .alreadyIssued(epoch: epoch)
            }
        }
        if let window {
            let held = issued.filter { $0.value.contains(device) }.map(\.key)
            if let refused = window.firstRefused(epochs, holding: held) {
                return .capReached(epoch: refused, cap: window.cap)
            }
        }
        var signatures: [Data] = []
        for epoch in epochs {
            switch sign(epoch) {
            case .success(let signature): signatures.append(signature)
            case .failure(let failure): return .failed(epoch: epoch, failure)
            }
        }
        for epoch in epochs { issued[epoch, default: []].insert(device) }
        return .signed(signatures)
    }

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) {
        issued = issued.filter { $0.key >= epoch }
    }

    /// Stores the offered keys of epochs without one; returns the stored key of each offered epoch.
    public func storeEpochKeys(_ offered: [Int64: Data]) -> [Int64: Data] {
        var result: [Int64: Data] = [:]
        for (epoch, key) in offered {
            if keys[epoch] == nil { keys[epoch] = key }
            result[epoch] = keys[epoch]
        }
        return result
    }

    /// The stored keys of the epochs in `range`.
    public func epochKeys(in range: ClosedRange<Int64>) -> [Int64: Data] {
        keys.filter { range.contains($0.key) }
    }

    /// Deletes the keys of epochs before `epoch`.
    public func discardEpochKeys(before epoch: Int64) {
        keys = keys.filter { $0.key >= epoch }
    }

    /// Records a spent nonce; false when it was spent before.
    public func spendNonce(_ nonce: Data, epoch: Int64) -> Bool {
        spentNonces[epoch, default: []].insert(nonce).inserted
    }

    /// Forgets the spent nonces of epochs before `epoch`.
    public func discardSpentNonces(before epoch: Int64) {
        spentNonces = spentNonces.filter { $0.key >= epoch }
    }
}
