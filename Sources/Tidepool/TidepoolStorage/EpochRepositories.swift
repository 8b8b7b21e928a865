/// Immutable heat releases.
public protocol ReleaseRepository: Sendable {
    /// Stores a release; a second one for the same epoch is a `conflict`.
    func publishRelease(_ release: StoredRelease) async throws(ServerStoreError)
    /// Releases not expired at `unixSeconds`, newest first.
    func releases(notExpiredAt unixSeconds: Int64) async throws(ServerStoreError) -> [StoredRelease]
    /// Forgets releases expired at `unixSeconds`.
    func discardExpiredReleases(at unixSeconds: Int64) async throws(ServerStoreError)
}

/// Per-node partial counts of an epoch (scale mode: each node flushes at the boundary, one
/// leader sums them and closes the epoch). A node's rows of an epoch are replaced, never added
/// to, so a retried flush counts its reports once. Counts only (per tile, and per tile per interest
/// facet): never tokens, nonces, identities or vectors.
public protocol PartialCountRepository: Sendable {
    /// Sets a node's counts for an epoch, per tile and per tile per facet, atomically (all or
    /// nothing): they replace whatever that node stored for the epoch before, so the caller
    /// passes everything it counted in the epoch so far. Idempotent: a retry after a write whose
    /// reply was lost stores the same rows, never twice the counts. `node` must be unique among
    /// the processes writing (the engine passes its per-process ``instance`` name).
    func storePartialCounts(
        epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]
    ) async throws(ServerStoreError)
    /// Closes `epoch` in one transaction if no node has closed it: records `node` as its
    /// closer, sums every node's partial counts, stores the release `makeRelease` builds from
    /// them and deletes the partial counts of `epoch` and earlier. True for exactly one caller
    /// across all nodes; false when the epoch is closed or another node is closing it now
    /// (PostgreSQL: a transaction-scoped advisory lock per epoch). If `makeRelease` throws, or
    /// the process dies before the commit, nothing is written and the next caller closes it.
    func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool
    /// The summed counts of an epoch by raw tile id.
    func partialCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: Int]
    /// The summed facet counts of an epoch by raw tile id and facet.
    func partialFacetCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: [Int: Int]]
    /// Deletes the partial counts of `epoch` and every earlier epoch (after its release is written).
    func discardPartialCounts(epoch: Int64) async throws(ServerStoreError)
}

extension PartialCountRepository {
    /// Sets a node's counts for an epoch with no facet counts.
    public func storePartialCounts(epoch: Int64, node: String, counts: [UInt64: Int]) async throws(ServerStoreError) {
        try await storePartialCounts(epoch: epoch, node: node, counts: counts, facets: [:])
    }
}

/// Every node's summed counts of an epoch, as the closer sees them.
public struct PartialTotals: Sendable, Equatable {
    /// Contributors per raw tile id.
    public var counts: [UInt64: Int]
    /// Contributors per raw tile id per facet (only reports that named a facet).
    public var facets: [UInt64: [Int: Int]]

    /// Creates totals.
    public init(counts: [UInt64: Int], facets: [UInt64: [Int: Int]] = [:]) {
        self.counts = counts
        self.facets = facets
    }
}

/// What the Tidepool engine stores: partial counts, releases, issuances and the epoch keys, in
/// one database so an epoch's close is one transaction.
public typealias EpochStore = PartialCountRepository & ReleaseRepository & IssuanceRepository & EpochKeyRepository
    & SpentNonceRepository
