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
/// What is kept where: one signing key per epoch for the whole cluster, made ahead for the coming
/// day's epochs and kept in the shared store (``EpochKeyRepository``, insert-if-absent, so every
/// node signs and verifies an epoch with the same key) until the epoch ends; spent nonces in the
/// shared store too, so a token counts once across the cluster. Per-tile counts are flushed at the
/// boundary to the ``PartialCountRepository`` under the process's ``instance`` name, each flush
/// the whole of the epoch's counts so far (a retry stores them again, not twice); releases go to
/// the ``ReleaseRepository``. No identity,
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
    /// The name this process's partial counts are stored under: ``node``, a slash and 64 random
    /// bits drawn at start-up. Stable for the process (its flushes replace each other) and
    /// unique across nodes even when two are given the same ``node`` name (which would
    /// otherwise overwrite each other's counts); a restarted process is a new instance (its
    /// unflushed counts died with it, and its earlier rows stay summed once).
    public let instance: String
    /// What every release of this configuration publishes (computed once: the exact tails and
    /// the zCDP conversion per request would dominate a heat read).
    public let publishedParameters: ReleaseParameters
    let keyring: EpochKeyring
    let issuer: TokenIssuer
    let verifier: TokenVerifier
    let store: any EpochStore
    let clock: @Sendable () -> Int64
    /// How many epochs, the current one included, have keys ready and published (a day and the
    /// batch lead by default, so a device fetching ahead takes its whole day's tokens in one batch).
    public let keyAheadEpochs: Int64
    /// The most keys made ahead by default (a day of 15-minute epochs): with shorter epochs a
    /// day's worth of RSA keys would take minutes to make.
    public static let defaultKeyAheadLimit: Int64 = 96
    /// How long before its day a device may fetch the day's batch (`DailyTokenPlan`'s default
    /// fetch lead): keys are published this much further ahead than a day, so that batch covers
    /// the whole day in one issuance.
    public static let batchLeadSeconds: Int64 = 6 * 3_600
    /// Seconds after an epoch ends before the leader sums the nodes' counts (they flush at once).
    let closeDelaySeconds: Int64
    /// Counts, open epochs and the release cache.
    let state = Mutex(EngineState())
    /// Makes missing epoch keys: one run at a time, on a Dispatch worker.
    let keyMaker = EpochKeyMaker()
    /// The noise of every release this engine closes (held only while one release is drawn).
    let noise: Mutex<any SecureRandom & Sendable>

    /// Creates the engine for the epoch of the clock's time. It holds no key until it reads (or
    /// makes) the cluster's keys from the store: ``prepareKeys(through:)``, which ``tick()``,
    /// issuance and ``publicKeyDER()`` call.
    /// - Parameters:
    ///   - store: where partial counts and releases go (the server's database, or
    ///     ``InMemoryEpochStore``).
    ///   - node: this process's name; exactly one node closes each epoch.
    ///   - noise: the releases' noise: ``SystemSecureRandom`` in production. A seeded
    ///     generator makes releases reproducible and therefore not private (simulator, tests).
    ///   - closeDelaySeconds: how long after an epoch ends the close waits for other nodes'
    ///     flushes.
    ///   - keyAheadEpochs: how many epochs from the current one have keys ready and published;
    ///     nil means a day and ``batchLeadSeconds`` (30 hours) over the epoch length, at most
    ///     ``defaultKeyAheadLimit``.
    ///   - clock: Unix seconds now.
    ///   - domain: the public tile domain, of ``HeatConfiguration/publicDomainSize`` tiles
    ///     (nil when that is 0).
    /// - Throws: ``TokenError`` when key generation fails, or
    ///   ``HeatAggregationError`` for a configuration out of range or a domain not matching it.
    public init(
        configuration: HeatConfiguration, suppression: SuppressionList, store: any EpochStore, node: String,
        noise: some SecureRandom & Sendable, tiler: GridTiler = .standard, closeDelaySeconds: Int64 = 2,
        keyAheadEpochs: Int64? = nil, domain: PublicTileDomain? = nil,
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
        instance = "\(node)/\(String(UInt64.random(in: .min ... .max), radix: 16))"
        self.clock = clock
        self.closeDelaySeconds = closeDelaySeconds
        self.store = store
        self.noise = Mutex(noise)
        self.keyAheadEpochs = max(
            1,
            keyAheadEpochs
                ?? min(Self.defaultKeyAheadLimit, (86_400 + Self.batchLeadSeconds) / max(1, configuration.epochSeconds)))
        keyring = try EpochKeyring(awaitingKeysFrom: configuration.epoch(containing: clock()))
        issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore(), tiler: tiler)
    }

    /// The epoch being collected.
    public var currentEpoch: Int64 { keyring.currentEpoch }

    /// The current time of the engine's clock, Unix seconds.
    public var now: Int64 { clock() }

    /// Signs a blinded message for a device, once per device per epoch as this node's memory
    /// knows it: the simulator's synchronous, single-node path. Package-only: routes issue
    /// through the shared store (``issueOnce(device:epoch:blindedMessage:)``, ``issueBatch(unit:requests:)``),
    /// whose ledger every node shares.
    package func issue(device: String, epoch: Int64, blindedMessage: Data) throws(TokenError) -> Data {
        try issuer.issue(device: device, epoch: epoch, blindedMessage: blindedMessage)
    }

    /// Verifies, spends and counts an anonymous redemption, with the interest facet it names
    /// (if any), spending the nonce in this node's memory only: the simulator's synchronous,
    /// single-node path. Package-only: routes call ``redeem(_:)``, which spends it in the shared
    /// store so a token counts once across the cluster. A refusal counts nothing.
    /// - Throws: the verifier's ``TokenError``s, or ``TokenError/malformed(field:reason:)``
    ///   naming `facet` for an index outside the configuration's facets (checked before the
    ///   nonce is spent).
    package func ingest(_ redemption: TokenRedemption) throws(TokenError) {
        try check(redemption.facet)
        try verifier.redeem(redemption)
        try count(tile: redemption.tile, epoch: redemption.epoch, facet: redemption.facet)
    }

    /// Verifies, spends (in the shared store, once across every node) and counts an anonymous
    /// redemption: what `loci serve`'s ingest route calls. With one key per epoch for the
    /// cluster a token verifies at every node, so the nonce is spent in the store, not only here.
    /// A refusal counts nothing.
    /// - Throws: ``IssuanceError/token(_:)`` with the verifier's ``TokenError``s (a nonce spent at
    ///   any node is ``TokenError/doubleSpend(epoch:)``), or ``IssuanceError/storage(_:)``.
    public func redeem(_ redemption: TokenRedemption) async throws(IssuanceError) {
        try await prepareKeys(through: keyring.currentEpoch)
        do {
            try check(redemption.facet)
            try verifier.verify(redemption)
        } catch {
            throw .token(error)
        }
        let fresh: Bool
        do { fresh = try await store.spendNonce(redemption.nonce, epoch: redemption.epoch) } catch {
            throw .storage(error)
        }
        guard fresh, verifier.spent.insert(nonce: redemption.nonce, epoch: redemption.epoch) else {
            throw .token(.doubleSpend(epoch: redemption.epoch))
        }
        do { try count(tile: redemption.tile, epoch: redemption.epoch, facet: redemption.facet) } catch {
            throw .token(error)
        }
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
                state.counted[epoch, default: [:]][tile.rawValue, default: 0] += 1
                if let facet, !suppression.contains(tile), domain?.contains(tile) ?? true {
                    state.countedFacets[epoch, default: [:]][tile.rawValue, default: [:]][facet, default: 0] += 1
                }
                state.unflushed.insert(epoch)
            }
        } catch {
            throw .malformed(field: "tile_id", reason: error.description)
        }
    }
}

/// What the engine holds between calls (behind its mutex).
struct EngineState: Sendable {
    /// This node's counts per epoch per base tile, everything counted in the epoch (each flush
    /// stores the whole of them, replacing the previous flush, so a retry never adds twice).
    var counted: [Int64: [UInt64: Int]] = [:]
    /// This node's counts per epoch per base tile per facet (as ``counted``).
    var countedFacets: [Int64: [UInt64: [Int: Int]]] = [:]
    /// Epochs counted into since their last successful flush.
    var unflushed: Set<Int64> = []
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
