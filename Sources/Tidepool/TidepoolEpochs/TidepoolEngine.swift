import Foundation
import GeoKit
import HeatAggregation
import Synchronization
import TidepoolStorage
import TidepoolTokens

/// The server side of Tidepool presence: epoch keys and blind issuance, anonymous ingest into
/// in-memory counts, and the epoch boundary (flush the partial counts, let one node close the
/// epoch, publish its release). `loci serve` runs it behind its routes; the simulator drives
/// the same engine with a controlled clock, seeded noise and an ``InMemoryEpochStore``.
///
/// What is kept where: the epoch's signing key, the issuance ledger and the spent nonces live
/// in memory only and die with the epoch (a restart starts a new key, so tokens issued before
/// it no longer verify and cannot be spent twice). Per-tile counts are flushed at the boundary
/// to the ``PartialCountRepository``; releases go to the ``ReleaseRepository``. No identity,
/// token, nonce or coordinate is ever stored with a tile. Until its epoch is closed, the node
/// also keeps its own reports in an `EpochAggregator` (first-seen order and, when the
/// configuration has facets, per-facet counts); the closing node adds the other nodes'
/// counts to it, so one node's release is exactly what its reports and the noise make.
///
/// Thread safety: every member may be called from any thread; state sits behind `Mutex`es.
public final class TidepoolEngine: Sendable {
    /// The published configuration.
    public let configuration: HeatConfiguration
    /// The shared grid.
    public let tiler: GridTiler
    /// Suppressed base tiles.
    public let suppression: SuppressionList
    /// The public tile domain every release noises in full (nil: partition selection).
    public let domain: PublicTileDomain?
    /// This node's name (scale mode).
    public let node: String
    /// What every release of this configuration publishes (computed once: the exact tails and
    /// the zCDP conversion per request would dominate a heat read).
    public let publishedParameters: ReleaseParameters
    let keyring: EpochKeyring
    let issuer: TokenIssuer
    let verifier: TokenVerifier
    let store: any EpochStore
    let clock: @Sendable () -> Int64
    /// Seconds after an epoch ends before the leader sums the nodes' counts (they flush at once).
    let closeDelaySeconds: Int64
    /// Counts, open epochs and the release cache.
    let state = Mutex(EngineState())
    /// The noise of every release this engine closes (held only while one release is drawn).
    let noise: Mutex<any SecureRandom & Sendable>

    /// Creates the engine for the epoch of the clock's time (generates its key).
    /// - Parameters:
    ///   - store: where partial counts and releases go (the server's database, or
    ///     ``InMemoryEpochStore``).
    ///   - node: this process's name; exactly one node closes each epoch.
    ///   - noise: the releases' noise: ``SystemSecureRandom`` in production. A seeded
    ///     generator makes releases reproducible and therefore not private (simulator, tests).
    ///   - closeDelaySeconds: how long after an epoch ends the close waits for other nodes'
    ///     flushes.
    ///   - clock: Unix seconds now.
    ///   - domain: the public tile domain, of ``HeatConfiguration/publicDomainSize`` tiles
    ///     (nil when that is 0).
    /// - Throws: ``TokenError`` when key generation fails, or
    ///   ``HeatAggregationError`` for a configuration out of range or a domain not matching it.
    public init(
        configuration: HeatConfiguration, suppression: SuppressionList, store: any EpochStore, node: String,
        noise: some SecureRandom & Sendable, tiler: GridTiler = .standard, closeDelaySeconds: Int64 = 2,
        domain: PublicTileDomain? = nil,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws {
        publishedParameters = try configuration.publishedParameters()
        guard (domain?.count ?? 0) == configuration.publicDomainSize else {
            throw HeatAggregationError.invalidParameter(
                name: "domain", value: Double(domain?.count ?? 0),
                reason: "must have the configuration's publicDomainSize \(configuration.publicDomainSize) tiles")
        }
        self.configuration = configuration
        self.suppression = suppression
        self.domain = domain
        self.tiler = tiler
        self.node = node
        self.clock = clock
        self.closeDelaySeconds = closeDelaySeconds
        self.store = store
        self.noise = Mutex(noise)
        keyring = try EpochKeyring(currentEpoch: configuration.epoch(containing: clock()))
        issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore(), tiler: tiler)
    }

    /// The epoch being collected.
    public var currentEpoch: Int64 { keyring.currentEpoch }

    /// The current time of the engine's clock, Unix seconds.
    public var now: Int64 { clock() }

    /// The current epoch's public key (DER).
    public func publicKeyDER() throws(TokenError) -> Data {
        try keyring.publicKeyDER(epoch: keyring.currentEpoch)
    }

    /// Signs a blinded message for an authenticated device, once per device per epoch.
    public func issue(device: String, epoch: Int64, blindedMessage: Data) throws(TokenError) -> Data {
        try issuer.issue(device: device, epoch: epoch, blindedMessage: blindedMessage)
    }

    /// Verifies, spends and counts an anonymous redemption, with the interest facet it names
    /// (if any). A refusal counts nothing.
    /// - Throws: the verifier's ``TokenError``s, or ``TokenError/malformed(field:reason:)``
    ///   naming `facet` for an index outside the configuration's facets (checked before the
    ///   nonce is spent).
    public func ingest(_ redemption: TokenRedemption) throws(TokenError) {
        try check(redemption.facet)
        try verifier.redeem(redemption)
        try count(tile: redemption.tile, epoch: redemption.epoch, facet: redemption.facet)
    }

    /// The simulator's shortcut for large populations: the same once-per-device-per-epoch
    /// ledger and spent-nonce checks as a token, with an unsigned random nonce and no RSA.
    /// Package-only: no route can reach it.
    /// - Returns: false when the device already reported in `epoch` (nothing is counted).
    /// - Throws: ``TokenError/wrongEpoch(epoch:current:)`` unless `epoch` is current, or
    ///   ``TokenError/malformed(field:reason:)`` for a tile or facet the aggregation refuses.
    package func countWithoutToken(device: String, epoch: Int64, tile: TileID, facet: Int?)
        throws(TokenError) -> Bool
    {
        let current = keyring.currentEpoch
        guard epoch == current else { throw .wrongEpoch(epoch: epoch, current: current) }
        try check(facet)
        guard issuer.ledger.record(device: device, epoch: epoch),
            verifier.spent.insert(nonce: TokenMessage.randomNonce(), epoch: epoch)
        else { return false }
        try count(tile: tile, epoch: epoch, facet: facet)
        return true
    }

    /// Refuses a facet the aggregation would refuse, before anything is spent.
    func check(_ facet: Int?) throws(TokenError) {
        do { try EpochAggregator.validate(facet: facet, facetCount: configuration.facetCount) } catch {
            throw .malformed(field: "facet", reason: error.description)
        }
    }

    /// Counts a verified report for the next flush and in this node's aggregation of its epoch.
    func count(tile: TileID, epoch: Int64, facet: Int?) throws(TokenError) {
        let configuration = configuration
        let tiler = tiler
        let suppression = suppression
        let domain = domain
        do {
            try state.withLock { state throws(HeatAggregationError) in
                var aggregator: EpochAggregator
                if let collecting = state.collecting.removeValue(forKey: epoch) {
                    aggregator = collecting
                } else {
                    aggregator = try EpochAggregator(
                        epoch: epoch, configuration: configuration, tiler: tiler, suppression: suppression,
                        domain: domain)
                }
                defer { state.collecting[epoch] = aggregator }
                try aggregator.add(tile: tile, facet: facet)
                state.pending[epoch, default: [:]][tile.rawValue, default: 0] += 1
                if let facet, !suppression.contains(tile), domain?.contains(tile) ?? true {
                    state.pendingFacets[epoch, default: [:]][tile.rawValue, default: [:]][facet, default: 0] += 1
                }
            }
        } catch {
            throw .malformed(field: "tile_id", reason: error.description)
        }
    }
}

/// What the engine holds between calls (behind its mutex).
struct EngineState: Sendable {
    /// Counts per epoch per base tile since the last flush.
    var pending: [Int64: [UInt64: Int]] = [:]
    /// Counts per epoch per base tile per facet since the last flush.
    var pendingFacets: [Int64: [UInt64: [Int: Int]]] = [:]
    /// This node's reports per epoch until the epoch is closed (by anyone).
    var collecting: [Int64: EpochAggregator] = [:]
    /// Epochs flushed but not yet seen closed.
    var unclosed: Set<Int64> = []
    /// Every epoch up to this one was handled by `tick`.
    var handledThrough = Int64.min
    /// Releases this node made, from the store's close to the end of `tick`.
    var made: [Int64: HeatRelease] = [:]
    /// Decoded live releases and when they were read.
    var cache: (releases: [HeatRelease], readAt: Int64)?
}
