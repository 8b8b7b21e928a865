import Foundation
import GeoKit
import HeatAggregation
import LociServerStore
import TidepoolTokens

/// The server side of Tidepool presence: epoch keys and blind issuance, anonymous ingest into
/// in-memory counts, and the epoch boundary (flush the partial counts, let one node close the
/// epoch, publish its release).
///
/// What is kept where: the epoch's signing key, the issuance ledger and the spent nonces live
/// in memory only and die with the epoch (a restart starts a new key, so tokens issued before
/// it no longer verify and cannot be spent twice). Per-tile counts are flushed at the boundary
/// to the ``PartialCountRepository``; releases go to the ``ReleaseRepository``. No identity,
/// token, nonce or coordinate is ever stored with a tile.
public final class TidepoolEngine: @unchecked Sendable {
    /// The published configuration.
    public let configuration: HeatConfiguration
    /// The shared grid.
    public let tiler: GridTiler
    /// Suppressed base tiles.
    public let suppression: SuppressionList
    /// This node's name (scale mode).
    public let node: String
    /// What every release of this configuration publishes (computed once: calibrating the
    /// analytic Gaussian per request would dominate a heat read).
    public let publishedParameters: ReleaseParameters
    let keyring: EpochKeyring
    let issuer: TokenIssuer
    let verifier: TokenVerifier
    let counts: any PartialCountRepository
    let releases: any ReleaseRepository
    let clock: @Sendable () -> Int64
    /// Seconds after an epoch ends before the leader sums the nodes' counts (they flush at once).
    let closeDelaySeconds: Int64

    let lock = NSLock()
    /// Counts per epoch per base tile since the last flush (guarded by `lock`).
    var pending: [Int64: [UInt64: Int]] = [:]
    /// Epochs flushed but not yet seen closed (guarded by `lock`).
    var unclosed: Set<Int64> = []
    /// Every epoch up to this one was handled by `tick` (guarded by `lock`).
    var handledThrough = Int64.min
    /// Decoded live releases and when they were read (guarded by `lock`).
    var cache: (releases: [HeatRelease], readAt: Int64)?

    /// Creates the engine for the current epoch (generates its key).
    /// - Throws: ``TokenError`` when key generation fails, or
    ///   ``HeatAggregationError`` for a configuration out of range.
    public init(
        configuration: HeatConfiguration, suppression: SuppressionList,
        store: any PartialCountRepository & ReleaseRepository,
        node: String, tiler: GridTiler = .standard, closeDelaySeconds: Int64 = 2,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws {
        publishedParameters = try configuration.publishedParameters()
        self.configuration = configuration
        self.suppression = suppression
        self.tiler = tiler
        self.node = node
        self.clock = clock
        self.closeDelaySeconds = closeDelaySeconds
        counts = store
        releases = store
        keyring = try EpochKeyring(currentEpoch: configuration.epoch(containing: clock()))
        issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore(), tiler: tiler)
    }

    /// The epoch being collected.
    public var currentEpoch: Int64 { keyring.currentEpoch }

    /// The current epoch's public key (DER).
    public func publicKeyDER() throws(TokenError) -> Data {
        try keyring.publicKeyDER(epoch: keyring.currentEpoch)
    }

    /// Signs a blinded message for an authenticated device, once per device per epoch.
    public func issue(device: String, epoch: Int64, blindedMessage: Data) throws(TokenError) -> Data {
        try issuer.issue(device: device, epoch: epoch, blindedMessage: blindedMessage)
    }

    /// Verifies, spends and counts an anonymous redemption. A refusal counts nothing.
    public func ingest(_ redemption: TokenRedemption) throws(TokenError) {
        try verifier.redeem(redemption)
        lock.lock()
        pending[redemption.epoch, default: [:]][redemption.tile.rawValue, default: 0] += 1
        lock.unlock()
    }
}
