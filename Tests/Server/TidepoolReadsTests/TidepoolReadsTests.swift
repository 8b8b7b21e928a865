import AccountService
import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import LociServerStore
import LociTestSupport
import Personalisation
import PlaceKit
import PlaceStore
import TidepoolReads
import ServerRepositories
import Synchronization
import Testing
import TidepoolEpochs
import TidepoolStorage
import TidepoolTokens

/// A server store with two devices, a place store with two cafés (one in the busy tile, one
/// far from it) and an engine whose first epoch has been released: twelve reports with interest
/// [1, 0, 0, 0] in one tile and twelve with [0, 1, 0, 0] in another.
final class ReleasedPresence {
    static let tiler = GridTiler.standard
    static let epoch: Int64 = 2_000_000
    /// Four one-hot facets: the jazz corner's people name facet 0, the café street's facet 1.
    static let codebook = try? FacetCodebook(
        version: "test-4", centroids: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    static let jazzCorner = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let cafeStreet = Coordinate(uncheckedLatitude: 60.1650, longitude: 24.9300)
    static let farAway = Coordinate(uncheckedLatitude: 60.2050, longitude: 25.0800)

    let url = FileManager.default.temporaryDirectory.appendingPathComponent("presence-reads-\(UUID().uuidString)")
    let store: SQLiteServerStore
    let places: LocalPlacesProvider
    let clock = ManualClock(ReleasedPresence.epoch * 900 + 5)
    let engine: TidepoolEngine

    init(release: Bool = true) async throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        store = try SQLiteServerStore(path: url.appendingPathComponent("server.sqlite").path)
        for id in ["d1", "d2"] { try await store.createDevice(DeviceRecord(id: id, createdAt: 1)) }
        let placesPath = url.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: placesPath)
        try writer.insert([
            Place(id: PlaceID(osm: .node, id: 1), name: "Kahvila Kulma", category: "cafe", coordinate: Self.jazzCorner),
            Place(id: PlaceID(osm: .node, id: 2), name: "Kahvila Kaukana", category: "cafe", coordinate: Self.farAway),
        ])
        try writer.finish()
        places = LocalPlacesProvider(store: try SQLitePlaceStore(path: placesPath))
        let configuration = HeatConfiguration(
            epochSeconds: 900, ttlSeconds: 1_800, kMin: 2,
            levels: Array(
                repeating: LevelBudget(countRho: 8, facetRho: 8, selectionDelta: 1e-6), count: Self.tiler.levels),
            facetCount: 4, facetCodebookVersion: "test-4", dailyEpochCap: 8, conversionDelta: 5e-6)
        let clock = clock
        engine = try TidepoolEngine(
            configuration: configuration, suppression: SuppressionList(), store: InMemoryEpochStore(), node: "n1",
            noise: SeededSecureRandom(seed: 7), closeDelaySeconds: 0, keyAheadEpochs: 2, clock: { clock.now })
        guard release else { return }
        for device in 0..<24 {
            let (where_, facet): (Coordinate, Int) = device < 12 ? (Self.jazzCorner, 0) : (Self.cafeStreet, 1)
            let client = TokenClient()
            let pending = try client.request(epoch: engine.currentEpoch, publicKeyDER: try await engine.publicKeyDER())
            let signature = try engine.issue(
                device: "device-\(device)", epoch: engine.currentEpoch, blindedMessage: pending.blindedMessage)
            try engine.ingest(
                try client.finish(pending, blindSignature: signature).redemption(
                    for: Self.tiler.tile(for: where_), facet: facet))
        }
        clock.now = (Self.epoch + 1) * 900
        _ = try await engine.tick()
    }

    var profiles: ProfileService { ProfileService(profiles: store, interest: NoInterestModel()) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite("Viewport heat: the sent vector, else the stored profile's, else count-only")
struct ViewportHeatTests {
    static let viewport = BoundingBox(uncheckedSouth: 60.16, west: 24.92, north: 60.18, east: 24.95)

    @Test("a device's stored vector weighs the heat by its interest; a sent vector overrides it; anonymous reads have none")
    func viewerVector() async throws {
        let presence = try await ReleasedPresence()
        try await presence.store.saveProfile(
            ProfileRecord(
                deviceID: "d1", tags: [], vector: [1, 0, 0, 0], modelVersion: "client", integrations: [:], updatedAt: 1))
        let heat = ViewportHeat(
            engine: presence.engine, profiles: presence.profiles, reader: HeatReader(codebook: ReleasedPresence.codebook))
        let jazz = ReleasedPresence.tiler.tile(for: ReleasedPresence.jazzCorner)
        let cafe = ReleasedPresence.tiler.tile(for: ReleasedPresence.cafeStreet)
        func similarity(_ answer: ViewportHeat.Answer, _ tile: TileID) -> Double? {
            answer.tiles.first { $0.cell.tile == tile }?.cell.similarity
        }

        let anonymous = try await heat.read(viewport: Self.viewport, limit: 20_000)
        #expect(anonymous.releases.count == 1)
        #expect(similarity(anonymous, jazz) == 0 && similarity(anonymous, cafe) == 0)

        let stored = try await heat.read(viewport: Self.viewport, deviceID: "d1", limit: 20_000)
        let storedJazz = try #require(similarity(stored, jazz))
        let storedCafe = try #require(similarity(stored, cafe))
        #expect(storedJazz > 0.5 && storedJazz > storedCafe)

        let sent = try await heat.read(viewport: Self.viewport, vector: [0, 1, 0, 0], deviceID: "d1", limit: 20_000)
        let sentCafe = try #require(similarity(sent, cafe))
        let sentJazz = try #require(similarity(sent, jazz))
        #expect(sentCafe > sentJazz)

        // A device without a profile reads count-only heat, as an anonymous caller does.
        let noProfile = try await heat.read(viewport: Self.viewport, deviceID: "d2", limit: 20_000)
        #expect(noProfile.tiles.allSatisfy { $0.cell.similarity == 0 })
        #expect(noProfile.tiles.map(\.cell.tile) == anonymous.tiles.map(\.cell.tile))
    }

    @Test("each cell carries its own bounds on the ground")
    func bounds() async throws {
        let presence = try await ReleasedPresence()
        let heat = ViewportHeat(engine: presence.engine, profiles: presence.profiles, reader: HeatReader())
        let answer = try await heat.read(viewport: Self.viewport, limit: 20_000)
        #expect(!answer.tiles.isEmpty)
        for tile in answer.tiles {
            #expect(tile.bounds == (try ReleasedPresence.tiler.bounds(of: tile.cell.tile)))
        }
        let jazz = ReleasedPresence.tiler.tile(for: ReleasedPresence.jazzCorner)
        let box = try #require(answer.tiles.first { $0.cell.tile == jazz }?.bounds)
        #expect(box.contains(ReleasedPresence.jazzCorner))
    }

    @Test("a viewport that covers more cells than the limit is refused, not read")
    func tooLarge() async throws {
        let presence = try await ReleasedPresence()
        let heat = ViewportHeat(engine: presence.engine, profiles: presence.profiles, reader: HeatReader())
        await #expect {
            _ = try await heat.read(viewport: Self.viewport, limit: 1)
        } throws: { error in
            guard case .viewportTooLarge = error as? ViewportHeatError else { return false }
            return true
        }
    }
}

@Suite("Personal search: the place store's results in the order heat and interest give")
struct PersonalSearchTests {
    @Test("with a release, the café in the busy tile carries its heat and the order is personal")
    func heated() async throws {
        let presence = try await ReleasedPresence()
        let search = PersonalSearch(
            places: presence.places, engine: presence.engine, profiles: presence.profiles,
            interest: NoInterestModel(), reader: HeatReader())
        let answer = try await search.search(text: "kahvila", center: nil, radius: nil, limit: 5, deviceID: nil)
        #expect(answer.isPersonalised && answer.fallbackReason == nil)
        #expect(answer.results.map(\.ranked.place.name) == ["Kahvila Kulma", "Kahvila Kaukana"])
        #expect(answer.results[0].heat > 0 && answer.results[1].heat == 0)
        #expect(answer.modelVersion == NoInterestModel().version)
    }

    @Test("without releases the plain order is kept and the answer says why")
    func plain() async throws {
        let presence = try await ReleasedPresence(release: false)
        let search = PersonalSearch(
            places: presence.places, engine: presence.engine, profiles: presence.profiles,
            interest: NoInterestModel(), reader: HeatReader())
        let answer = try await search.search(text: "kahvila", center: nil, radius: nil, limit: 1, deviceID: "d1")
        #expect(!answer.isPersonalised && answer.fallbackReason != nil)
        #expect(answer.results.count == 1)
        #expect(answer.results.allSatisfy { $0.heat == 0 && $0.interest == 0 })
    }

    @Test("suggestions near a point are named places from the store")
    func suggestions() async throws {
        let presence = try await ReleasedPresence()
        let search = PersonalSearch(
            places: presence.places, engine: presence.engine, profiles: presence.profiles,
            interest: NoInterestModel(), reader: HeatReader())
        let answer = try await search.suggestions(
            center: ReleasedPresence.jazzCorner, radius: 1_000, limit: 10, deviceID: nil)
        #expect(answer.results.map(\.ranked.place.name) == ["Kahvila Kulma"])
        #expect(answer.results[0].heat > 0)
    }
}
