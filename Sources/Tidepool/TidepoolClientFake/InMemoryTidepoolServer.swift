import Foundation
import GeoKit
import LociAPI
import LockedState
import TidepoolClient
import TidepoolStorage
import TidepoolTokens

/// A Tidepool server in memory, behaving as `loci serve` does for what the app's models need:
/// registration (with single-use challenges), epochs with real RSA blind-signing keys
/// (`TidepoolTokens`: issuance once per unit per epoch, one at a time or in a batch for the
/// current and coming epochs whose keys are published, and at most ``Configuration/dailyEpochCap``
/// tokens per unit for the epochs of any day's worth of consecutive epochs, as the server counts
/// them; the unit is the App Attest key the device registered with, else the device; reports
/// checked and spent like the server's), exact heat once an
/// epoch has closed (no noise: a fake, not a privacy mechanism), search and suggestions with
/// reasons, places, favourites, the profile, export and delete.
///
/// Devices reach it through ``FakeTidepoolClient`` (one per device). Time is the server's
/// ``now``, moved by the test (``advance(seconds:)``, ``closeEpoch()``).
public final class InMemoryTidepoolServer: Sendable {
    /// What a fake server publishes and enforces.
    public struct Configuration: Sendable {
        /// Epoch length, seconds.
        public var epochSeconds: Int64 = 900
        /// Reports a tile needs in an epoch before it shows (the server's k_min).
        public var kMin = 1
        /// Tokens a unit may hold for the epochs of any day's worth of consecutive epochs
        /// (86 400 s over ``epochSeconds``): any 24 hours, not only a UTC day.
        public var dailyEpochCap = 8
        /// How many epochs, the current one included, have keys made and published (the server
        /// publishes a day's worth; each key is a 2048-bit RSA key, so tests ask for what they use).
        public var keyAheadEpochs: Int64 = 1
        /// The facet codebook the server aggregates with (version and size), if any.
        public var facetCodebook: (version: String, count: Int)?
        /// The places it serves.
        public var places: [TidepoolPlace] = InMemoryTidepoolServer.samplePlaces
        /// The interest vocabulary: tag → vector; a tag outside it is refused (`unknown_interest`).
        /// Nil knows every tag (its vector is derived from the tag's bytes), for tests that
        /// onboard with the app's bundled vocabulary.
        public var interests: [String: [Double]]? = InMemoryTidepoolServer.sampleInterests

        /// The defaults above.
        public init() {}
    }

    struct Device: Sendable {
        var secret: String
        var accessToken: String
        var createdAt: Int64
        var profile: TidepoolProfile?
        var favourites: [TidepoolFavourite] = []
        /// The budget unit: the App Attest key id it registered with, else its device id.
        var unit: String
    }

    struct State: Sendable {
        var now: Int64
        var devices: [String: Device] = [:]
        var challenges: Set<String> = []
        /// Epoch → tile → reports (and their facets).
        var reports: [Int64: [TileID: Int]] = [:]
        var closed: Set<Int64> = []
        var nextID = 1
        /// Unit → epochs a token was issued for (kept when a device is deleted: the App Attest
        /// key, and its budget, outlive it).
        var issued: [String: Set<Int64>] = [:]
        /// Every issuance, in order: (device id, server time, epochs) — what a server's log holds.
        var issuanceLog: [IssuanceRecord] = []
    }

    /// One issuance as the server's log would hold it.
    public struct IssuanceRecord: Sendable, Equatable {
        /// The device asking.
        public var device: String
        /// When, Unix seconds (the server's clock).
        public var time: Int64
        /// The epochs the tokens are for.
        public var epochs: [Int64]
    }

    /// The configuration.
    public let configuration: Configuration
    let keyring: EpochKeyring
    let issuer: TokenIssuer
    let verifier: TokenVerifier
    let state: Locked<State>

    /// A server whose clock starts at `now` (Unix seconds).
    /// - Throws: `TokenError` when the epoch's key cannot be generated.
    public init(configuration: Configuration = Configuration(), now: Int64 = 1_000_000 * 900 + 10) throws {
        self.configuration = configuration
        let epoch = now / configuration.epochSeconds
        keyring = try EpochKeyring(currentEpoch: epoch)
        issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore())
        state = Locked(State(now: now))
        try makeKeysAhead()
    }

    /// The window the cap counts over: a day's worth of epochs.
    public var issuanceWindow: IssuanceWindow {
        IssuanceWindow(epochs: max(1, 86_400 / configuration.epochSeconds), cap: configuration.dailyEpochCap)
    }

    /// The issuances so far, in order (device, server time, epochs): the log an adversary reading
    /// the server would hold.
    public var issuanceLog: [IssuanceRecord] { state.withLock { $0.issuanceLog } }

    /// Makes the keys of the current epoch and the ones after it up to ``Configuration/keyAheadEpochs``.
    private func makeKeysAhead() throws {
        let first = keyring.currentEpoch
        var made: [Int64: Data] = [:]
        for epoch in first...(first + max(1, configuration.keyAheadEpochs) - 1)
        where !keyring.hasKey(epoch: epoch) {
            made[epoch] = try EpochKeyring.generatePrivateKeyDER(bits: keyring.keySizeBits)
        }
        if !made.isEmpty { try keyring.install(privateKeysDER: made) }
    }

    /// The server's clock, Unix seconds.
    public var now: Int64 { state.withLock { $0.now } }

    /// The epoch being collected.
    public var currentEpoch: Int64 { now / configuration.epochSeconds }

    /// Moves the clock forward; a new epoch gets its key and the ones that ended are closed.
    public func advance(seconds: Int64) throws {
        let before = currentEpoch
        state.withLock { $0.now += max(0, seconds) }
        let after = currentEpoch
        guard after > before else { return }
        keyring.advance(to: after)
        try makeKeysAhead()
        state.withLock { state in
            for epoch in before..<after { state.closed.insert(epoch) }
        }
    }

    /// Sets the clock to `time` (Unix seconds); a time before now is ignored (the server's clock
    /// never goes back).
    public func setNow(_ time: Int64) throws { try advance(seconds: time - now) }

    /// Moves the clock to the next epoch's start plus a few seconds, closing the current one (its
    /// heat shows from then on).
    public func closeEpoch() throws {
        let next = (currentEpoch + 1) * configuration.epochSeconds
        try advance(seconds: next - now + 6)
    }

    /// Reports the server accepted, over every epoch.
    public var acceptedReports: Int {
        state.withLock { $0.reports.values.reduce(0) { $0 + $1.values.reduce(0, +) } }
    }

    /// Device ids the server knows.
    public var deviceIDs: Set<String> { state.withLock { Set($0.devices.keys) } }

    // MARK: - Calls (what a device's HTTP request would do)

    func challenge() -> TidepoolRegistrationChallenge {
        let value = UUID().uuidString
        let now = self.now
        state.withLock { _ = $0.challenges.insert(value) }
        return .init(challenge: value, expiresAt: Int(now + 300), expiresIn: 300)
    }

    func register(attestation: String, keyID: String? = nil, challenge: String?) throws(TidepoolClientError)
        -> TidepoolCredentials
    {
        guard !attestation.isEmpty else {
            throw .attestationRefused(message: "an empty attestation proves nothing")
        }
        return try state.withLock { state throws(TidepoolClientError) in
            if let challenge {
                guard state.challenges.remove(challenge) != nil else {
                    throw .attestationRefused(message: "challenge \(challenge) was not issued or was used")
                }
            }
            let id = "dev-\(state.nextID)"
            state.nextID += 1
            let device = Device(
                secret: UUID().uuidString, accessToken: UUID().uuidString, createdAt: state.now,
                unit: keyID.map { "key:\($0)" } ?? "device:\(id)")
            state.devices[id] = device
            return TidepoolCredentials(
                deviceID: id, deviceSecret: device.secret, accessToken: device.accessToken,
                accessExpiresAt: state.now + 3_600, refreshToken: UUID().uuidString,
                refreshExpiresAt: state.now + 30 * 86_400)
        }
    }

    /// Runs `body` on the device `credentials` name (401 `invalid_credentials` once it is gone).
    func withDevice<T: Sendable>(
        _ credentials: TidepoolCredentials,
        _ body: (inout Device, inout State) throws(TidepoolClientError) -> T
    ) throws(TidepoolClientError) -> T {
        try state.withLock { state throws(TidepoolClientError) in
            guard var device = state.devices[credentials.deviceID], device.secret == credentials.deviceSecret
            else { throw .invalidCredentials(message: "no device \(credentials.deviceID) with that secret") }
            let result = try body(&device, &state)
            state.devices[credentials.deviceID] = device
            return result
        }
    }

    func delete(_ credentials: TidepoolCredentials) throws(TidepoolClientError) {
        try state.withLock { state throws(TidepoolClientError) in
            guard state.devices.removeValue(forKey: credentials.deviceID) != nil else {
                throw .notFound(message: "no device \(credentials.deviceID)")
            }
        }
    }

    func epoch() throws(TidepoolClientError) -> TidepoolEpoch {
        let epoch = currentEpoch
        let key: Data
        do { key = try keyring.publicKeyDER(epoch: epoch) } catch {
            throw .internal(message: error.description)
        }
        let length = configuration.epochSeconds
        return TidepoolEpoch(
            epoch: Int(epoch), startsAt: Int(epoch * length), endsAt: Int((epoch + 1) * length),
            publicKey: key.base64EncodedString(), keySizeBits: keyring.keySizeBits,
            variant: "RSABSSA-SHA384-PSS-Deterministic")
    }

    /// The keys published to every device: the current epoch's and the coming ones' up to
    /// ``Configuration/keyAheadEpochs``.
    func publishedKeys() throws(TidepoolClientError) -> PublishedEpochKeys {
        let epoch = currentEpoch
        return PublishedEpochKeys(
            keys: keyring.publicKeysDER(in: epoch...(epoch + max(1, configuration.keyAheadEpochs) - 1)))
    }

    func issue(_ credentials: TidepoolCredentials, epoch: Int64, blinded: Data) throws(TidepoolClientError)
        -> Data
    {
        let current = currentEpoch
        guard epoch == current else {
            throw .wrongEpoch(message: "a token for epoch \(epoch) asked in epoch \(current)")
        }
        return try issueBatch(credentials, requests: [(epoch, blinded)])[0]
    }

    /// Signs a batch for the current and coming epochs with published keys, all or none, as the
    /// server does: refused for a past or unpublished epoch (`wrong_epoch`), an epoch the unit
    /// holds or asked twice (`already_issued`), a batch past the cap in some window (`day_spent`).
    func issueBatch(_ credentials: TidepoolCredentials, requests: [(epoch: Int64, blinded: Data)])
        throws(TidepoolClientError) -> [Data]
    {
        let window = issuanceWindow
        guard !requests.isEmpty, requests.count <= window.cap else {
            throw .invalidField(message: "tokens: \(requests.count) requests; 1 to \(window.cap) allowed")
        }
        let current = currentEpoch
        let last = current + max(1, configuration.keyAheadEpochs) - 1
        for request in requests where request.epoch < current || request.epoch > last {
            throw .wrongEpoch(
                message: "epoch \(request.epoch) has no published key (current \(current), last \(last))")
        }
        let epochs = requests.map(\.epoch)
        guard Set(epochs).count == epochs.count else {
            throw .alreadyIssued(message: "the batch asks for an epoch twice: \(epochs)")
        }
        return try withDevice(credentials) { device, state throws(TidepoolClientError) in
            let held = state.issued[device.unit] ?? []
            if let taken = epochs.first(where: held.contains) {
                throw .alreadyIssued(message: "this device already took its token for epoch \(taken)")
            }
            let all = held.union(epochs)
            if let refused = epochs.sorted().first(where: { !window.admits($0, holding: all) }) {
                throw .daySpent(
                    message:
                        "this device already holds its \(window.cap) tokens for \(window.epochs) consecutive epochs (a day) that include epoch \(refused)"
                )
            }
            var signatures: [Data] = []
            for request in requests {
                do throws(TokenError) {
                    signatures.append(try issuer.sign(epoch: request.epoch, blindedMessage: request.blinded))
                } catch {
                    throw Self.refusal(error)
                }
            }
            state.issued[device.unit] = all
            state.issuanceLog.append(
                IssuanceRecord(device: credentials.deviceID, time: state.now, epochs: epochs))
            return signatures
        }
    }

    func report(_ redemption: TokenRedemption) throws(TidepoolClientError) {
        if let facet = redemption.facet {
            guard let count = configuration.facetCodebook?.count, (0..<count).contains(facet) else {
                throw .invalidField(message: "facet \(facet) is outside the server's codebook")
            }
        }
        let current = currentEpoch
        guard redemption.epoch == current else {
            throw .wrongEpoch(message: "token for epoch \(redemption.epoch), current is \(current)")
        }
        do { try verifier.redeem(redemption) } catch { throw Self.refusal(error) }
        state.withLock { $0.reports[redemption.epoch, default: [:]][redemption.tile, default: 0] += 1 }
    }

    static func refusal(_ error: TokenError) -> TidepoolClientError {
        switch error {
        case .alreadyIssued: .alreadyIssued(message: error.description)
        case .wrongEpoch, .unknownEpoch: .wrongEpoch(message: error.description)
        case .invalidSignature: .invalidSignature(message: error.description)
        case .doubleSpend: .doubleSpend(message: error.description)
        case .malformed: .invalidField(message: error.description)
        case .unknownMember: .unknownField(message: error.description)
        case .cryptography: .internal(message: error.description)
        case .unpublishedKey: .token(message: error.description)
        }
    }

    func privacy() -> TidepoolPrivacy {
        let (epoch, live) = state.withLock { state in
            (state.now / configuration.epochSeconds, state.closed.sorted().suffix(4).map { Int($0) })
        }
        let steps = Components.Schemas.PrivacyAccounting(
            epochRho: 0.5, epochSelectionDelta: 0, epochsPerDay: Int(86_400 / configuration.epochSeconds),
            dailyEpochCap: configuration.dailyEpochCap, dayRho: 4, conversionDelta: 1e-6,
            conversion: "fake: no noise", targetDayEpsilon: 2, targetDayDelta: 1e-5, withinTarget: true,
            facetCount: configuration.facetCodebook?.count ?? 0,
            facetCodebookVersion: configuration.facetCodebook?.version ?? "none")
        return TidepoolPrivacy(
            kMin: configuration.kMin, epochSeconds: Int(configuration.epochSeconds),
            ttlSeconds: Int(configuration.epochSeconds * 4), levels: [], epochEpsilon: 0, epochDelta: 0,
            dayEpsilon: 0, dayDelta: 0, accounting: "fake: exact counts, no privacy mechanism",
            unit: "device", currentEpoch: Int(epoch), liveReleases: live, accountingSteps: steps)
    }

    func heat(south: Double, west: Double, north: Double, east: Double, vector: [Double]?)
        throws(TidepoolClientError)
        -> TidepoolHeat
    {
        guard south < north, west < east else {
            throw .invalidViewport(message: "south must be below north and west below east")
        }
        let counts: [TileID: Int] = state.withLock { state in
            guard let last = state.closed.max() else { return [:] }
            return state.reports[last] ?? [:]
        }
        let shown = counts.filter { $0.value >= configuration.kMin }
        let peak = Double(shown.values.max() ?? 1)
        let tiles = shown.compactMap { tile, count -> TidepoolHeatTile? in
            guard let box = try? GridTiler.standard.bounds(of: tile), box.north > south, box.south < north,
                box.east > west, box.west < east
            else { return nil }
            return TidepoolHeatTile(
                tileId: tile.description, level: 0, intensity: Double(count) / peak, noisyCount: count,
                similarity: vector == nil ? 0 : 1, bounds: [box.south, box.west, box.north, box.east])
        }.sorted { $0.tileId < $1.tileId }
        return TidepoolHeat(tiles: tiles, meta: privacy())
    }

    func place(id: String) throws(TidepoolClientError) -> TidepoolPlace {
        guard let place = configuration.places.first(where: { $0.id == id }) else {
            throw .notFound(message: "no place \(id)")
        }
        return place
    }
}
