import DeviceContracts
import Foundation
import GeoKit
import Testing
import TidepoolClient
import TidepoolClientContracts
import TidepoolClientFake
import TidepoolTokens

/// The client contract over the in-memory fake (the generated client passes the same contract
/// against a real `loci serve` in `TidepoolClientTests`), and the contract catching broken clients.
@Suite("Tidepool client contract: the in-memory fake")
struct FakeContractTests {
    static func contract(
        _ server: InMemoryTidepoolServer, breaking: BrokenClient.Breakage? = nil
    ) -> TidepoolClientContract {
        let place = InMemoryTidepoolServer.samplePlaces[0]
        return TidepoolClientContract(
            device: {
                let fake = FakeTidepoolClient(server: server)
                return breaking.map { BrokenClient(base: fake, breakage: $0) } ?? fake
            },
            closeEpoch: { try server.closeEpoch() },
            place: (place.id, "Regatta", place.lat, place.lon), interestTag: "coffee")
    }

    static func server(dailyEpochCap: Int = 2, epochSeconds: Int64 = 900) throws -> InMemoryTidepoolServer {
        var configuration = InMemoryTidepoolServer.Configuration()
        configuration.dailyEpochCap = dailyEpochCap
        configuration.epochSeconds = epochSeconds
        configuration.keyAheadEpochs = 3
        return try InMemoryTidepoolServer(configuration: configuration)
    }

    @Test("the fake keeps the whole contract")
    func fakePasses() async throws {
        let violations = await Self.contract(try Self.server()).violations()
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("a client whose reports go nowhere breaks the spend-once and the heat rules")
    func lostReports() async throws {
        let violations = await Self.contract(try Self.server(), breaking: .dropsReports).presence()
        let rules = Set(violations.map(\.rule))
        #expect(rules.contains("a token spends once (doubleSpend)"))
        #expect(rules.contains("reports show as heat once the epoch closed"))
    }

    @Test("a client that keeps its session after delete breaks the delete rules")
    func keptSession() async throws {
        let violations = await Self.contract(try Self.server(), breaking: .keepsSessionAfterDelete).account()
        #expect(violations.contains { $0.rule == "delete leaves no session" })
    }

    @Test("a client that takes a key outside the published list breaks the published-key rule")
    func unpublishedKey() async throws {
        let violations = await Self.contract(try Self.server(), breaking: .acceptsUnpublishedKey)
            .publishedKeys()
        #expect(violations.map(\.rule).contains("a key outside the published list is refused"))
    }

    @Test("a server without a daily cap breaks the day_spent rule")
    func noDailyCap() async throws {
        let violations = await Self.contract(try Self.server(dailyEpochCap: 2), breaking: .ignoresDailyCap)
            .presence()
        #expect(violations.map(\.rule) == ["a token after the day's 2 epochs is daySpent"])
    }

    @Test("a client that splits a batch breaks the all-or-none rule")
    func splitBatch() async throws {
        let violations = await Self.contract(try Self.server(), breaking: .splitsBatches).batchTokens()
        #expect(violations.map(\.rule).contains("a refused batch issues none of its tokens"))
    }

    @Test("a client that takes a batch epoch without a published key breaks the batch key rule")
    func unpublishedBatchEpoch() async throws {
        let violations = await Self.contract(try Self.server(), breaking: .acceptsUnpublishedKey)
            .batchTokens()
        #expect(violations.map(\.rule).contains("a batch epoch without a published key is refused"))
    }

    @Test("a server whose batches ignore the cap breaks the batch cap rule")
    func batchPastCap() async throws {
        let violations = await Self.contract(try Self.server(dailyEpochCap: 2), breaking: .ignoresDailyCap)
            .batchTokens()
        #expect(
            violations.map(\.rule) == ["a batch past the cap of 2 in a day's worth of epochs is daySpent"])
    }

    @Test(
        "the fake caps any day's worth of consecutive epochs, across UTC midnight too",
        arguments: [900, 3_600] as [Int64])
    func capAcrossMidnight(epochSeconds: Int64) async throws {
        var configuration = InMemoryTidepoolServer.Configuration()
        configuration.epochSeconds = epochSeconds
        configuration.dailyEpochCap = 2
        // Two epochs before a UTC midnight.
        let midnight: Int64 = 20_000 * 86_400
        let server = try InMemoryTidepoolServer(
            configuration: configuration, now: midnight - 2 * epochSeconds + 1)
        let device = FakeTidepoolClient(server: server)
        try await device.register(attestation: "midnight", platform: .ios, keyID: nil, challenge: nil)
        for _ in 0..<2 {
            _ = try await device.presenceToken(for: device.epoch())
            try server.closeEpoch()
        }
        #expect(server.now >= midnight)
        let refused = await #expect(throws: TidepoolClientError.self) {
            _ = try await device.presenceToken(for: device.epoch())
        }
        #expect(refused?.code == TidepoolClientError.daySpent(message: "").code)
        // A day's worth of epochs after the first token, the window admits one again.
        try server.setNow(midnight - 2 * epochSeconds + 86_400 + 1)
        _ = try await device.presenceToken(for: device.epoch())
    }

    @Test("the cap's budget belongs to the App Attest key: deleting and re-registering keeps it")
    func capOutlivesDelete() async throws {
        let server = try Self.server(dailyEpochCap: 1)
        let device = FakeTidepoolClient(server: server)
        try await device.register(attestation: "a", platform: .ios, keyID: "key-1", challenge: nil)
        _ = try await device.presenceTokens(for: [server.currentEpoch])
        try await device.deleteDevice()
        try await device.register(attestation: "b", platform: .ios, keyID: "key-1", challenge: nil)
        let refused = await #expect(throws: TidepoolClientError.self) {
            _ = try await device.presenceTokens(for: [server.currentEpoch + 1])
        }
        #expect(refused?.code == TidepoolClientError.daySpent(message: "").code)
    }
}

/// A client broken in one way, for the contract's own tests.
struct BrokenClient: TidepoolAPI {
    enum Breakage: Sendable {
        /// Reports are answered but never reach the server.
        case dropsReports
        /// Delete leaves the session on the phone.
        case keepsSessionAfterDelete
        /// A day_spent refusal is answered with a fresh token of another device.
        case ignoresDailyCap
        /// A key outside the published list is used anyway (the server's current key signs).
        case acceptsUnpublishedKey
        /// A batch is asked epoch by epoch, so a refusal leaves the others issued.
        case splitsBatches
    }

    let base: FakeTidepoolClient
    let breakage: Breakage

    var heatTileURLTemplate: String { base.heatTileURLTemplate }

    func credentials() async throws(TidepoolClientError) -> TidepoolCredentials? {
        try await base.credentials()
    }
    func registrationChallenge() async throws(TidepoolClientError) -> TidepoolRegistrationChallenge {
        try await base.registrationChallenge()
    }
    func register(attestation: String, platform: DevicePlatform, keyID: String?, challenge: String?)
        async throws(TidepoolClientError) -> String
    {
        try await base.register(
            attestation: attestation, platform: platform, keyID: keyID, challenge: challenge)
    }
    func deleteDevice() async throws(TidepoolClientError) {
        let saved = try await base.credentials()
        try await base.deleteDevice()
        if breakage == .keepsSessionAfterDelete, saved != nil {
            // The phone ends up holding a session again although the user deleted everything.
            _ = try await base.register(attestation: "zombie", platform: .ios, keyID: nil, challenge: nil)
        }
    }
    func profile() async throws(TidepoolClientError) -> TidepoolProfile { try await base.profile() }
    func setProfile(tags: [String]?, vector: [Double]?, integrations: [String: String]?)
        async throws(TidepoolClientError) -> TidepoolProfile
    {
        try await base.setProfile(tags: tags, vector: vector, integrations: integrations)
    }
    func export() async throws(TidepoolClientError) -> TidepoolExport { try await base.export() }
    func privacy() async throws(TidepoolClientError) -> TidepoolPrivacy { try await base.privacy() }
    func epoch() async throws(TidepoolClientError) -> TidepoolEpoch { try await base.epoch() }
    func epochKeys() async throws(TidepoolClientError) -> PublishedEpochKeys { try await base.epochKeys() }
    func presenceToken(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
        do { return try await base.presenceToken(for: epoch) } catch .token
            where breakage == .acceptsUnpublishedKey
        {
            return try await base.presenceToken(for: base.epoch())
        } catch .daySpent
            where breakage == .ignoresDailyCap
        {
            let other = FakeTidepoolClient(server: base.server)
            try await other.register(attestation: "borrowed", platform: .ios, keyID: nil, challenge: nil)
            return try await other.presenceToken(for: epoch)
        }
    }
    func presenceTokens(for epochs: [Int64]) async throws(TidepoolClientError) -> [PresenceToken] {
        switch breakage {
        case .splitsBatches:
            var tokens: [PresenceToken] = []
            var refusal: TidepoolClientError?
            for epoch in epochs {
                do { tokens += try await base.presenceTokens(for: [epoch]) } catch {
                    refusal = refusal ?? error
                }
            }
            if let refusal { throw refusal }
            return tokens
        case .acceptsUnpublishedKey:
            do { return try await base.presenceTokens(for: epochs) } catch .token {
                return try await base.presenceTokens(for: [Int64(base.epoch().epoch)])
            }
        case .ignoresDailyCap:
            do { return try await base.presenceTokens(for: epochs) } catch .daySpent {
                let other = FakeTidepoolClient(server: base.server)
                try await other.register(attestation: "borrowed", platform: .ios, keyID: nil, challenge: nil)
                return try await other.presenceTokens(for: epochs)
            }
        default:
            return try await base.presenceTokens(for: epochs)
        }
    }
    func report(_ token: PresenceToken, tile: TileID, facet: Int?) async throws(TidepoolClientError) {
        if breakage == .dropsReports { return }
        try await base.report(token, tile: tile, facet: facet)
    }
    func heat(south: Double, west: Double, north: Double, east: Double, vector: [Double]?)
        async throws(TidepoolClientError) -> TidepoolHeat
    {
        try await base.heat(south: south, west: west, north: north, east: east, vector: vector)
    }
    func search(_ query: String, latitude: Double?, longitude: Double?, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    {
        try await base.search(query, latitude: latitude, longitude: longitude, radius: radius, limit: limit)
    }
    func suggestions(latitude: Double, longitude: Double, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    {
        try await base.suggestions(latitude: latitude, longitude: longitude, radius: radius, limit: limit)
    }
    func place(id: String) async throws(TidepoolClientError) -> TidepoolPlace { try await base.place(id: id) }
    func favourites() async throws(TidepoolClientError) -> [TidepoolFavourite] { try await base.favourites() }
    func addFavourite(placeID: String, rating: Int?, note: String?) async throws(TidepoolClientError)
        -> FavouriteSync
    {
        try await base.addFavourite(placeID: placeID, rating: rating, note: note)
    }
    func removeFavourite(id: String) async throws(TidepoolClientError) -> FavouriteSync {
        try await base.removeFavourite(id: id)
    }
    func rateFavourite(placeID: String, rating: Int) async throws(TidepoolClientError) -> FavouriteSync {
        try await base.rateFavourite(placeID: placeID, rating: rating)
    }
    func syncFavourites() async throws(TidepoolClientError) -> FavouriteSync {
        try await base.syncFavourites()
    }
    func pendingFavouriteChanges() async throws(TidepoolClientError) -> [FavouriteChange] {
        try await base.pendingFavouriteChanges()
    }
}
