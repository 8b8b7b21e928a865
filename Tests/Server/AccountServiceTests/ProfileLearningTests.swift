import AccountService
import Foundation
import GeoKit
import InterestKit
import LociServerStore
import LociTestSupport
import Personalisation
import PlaceKit
import PlaceStore
import ServerRepositories
import Testing

/// A place store with a jazz bar and a cafe, and a server store of one implementation with
/// device d1, removed when released.
final class LearningFiles {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "profile-learning-\(UUID().uuidString)")
    let places: SQLitePlaceStore

    static let jazzBar = Place(
        id: PlaceID(osm: .node, id: 101), name: "Storyville", category: "bar",
        coordinate: Coordinate(uncheckedLatitude: 60.1712, longitude: 24.9375),
        tags: ["amenity": "bar", "name": "Storyville", "music:genre": "jazz"])
    static let cafe = Place(
        id: PlaceID(osm: .node, id: 102), name: "Kahvila", category: "cafe",
        coordinate: Coordinate(uncheckedLatitude: 60.1702, longitude: 24.9405))

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let path = url.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert([Self.jazzBar, Self.cafe])
        try writer.finish()
        places = try SQLitePlaceStore(path: path)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// SQLite always; PostgreSQL when `DATABASE_URL` is set (and in CI).
    static let implementations = ["sqlite"] + (PostgresTestDatabase.shouldRun ? ["postgres"] : [])

    /// Runs `body` on a fresh server store of the named implementation holding device d1.
    func withStore(_ name: String, _ body: (any ServerStore) async throws -> Void) async throws {
        let store: any ServerStore
        var postgres: PostgresServerStore?
        if name == "postgres" {
            let databaseURL = try #require(
                PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
            let created = try await PostgresServerStore(
                url: databaseURL, schema: PostgresTestDatabase.freshSchema(),
                connectTimeout: PostgresTestDatabase.connectTimeout)
            postgres = created
            store = created
        } else {
            store = try SQLiteServerStore(
                path: url.appendingPathComponent("server-\(UUID().uuidString).sqlite").path)
        }
        defer { postgres?.shutdown() }
        do {
            try await store.createDevice(DeviceRecord(id: "d1", createdAt: 1))
            try await body(store)
        } catch {
            try? await postgres?.dropSchema()
            throw error
        }
        try await postgres?.dropSchema()
    }
}

@Suite("Favourites feed the interest profile (SQLite and PostgreSQL stores)")
struct ProfileLearningTests {
    static let model = try? TagInterestModel.bundled()
    static let day: Int64 = 86_400
    static let t0: Int64 = 1_790_000_000

    static func cosine(_ a: [Float], _ b: [Float]) -> Double {
        var dot = 0.0
        var na = 0.0
        var nb = 0.0
        for i in a.indices {
            dot += Double(a[i]) * Double(b[i])
            na += Double(a[i]) * Double(a[i])
            nb += Double(b[i]) * Double(b[i])
        }
        return na > 0 && nb > 0 ? dot / (na * nb).squareRoot() : 0
    }

    static func services(_ store: any ServerStore, _ files: LearningFiles, model: TagInterestModel)
        -> (ProfileService, FavouriteService)
    {
        let places = LocalPlacesProvider(store: files.places)
        let profiles = ProfileService(profiles: store, interest: model, favourites: store, places: places)
        return (
            profiles,
            FavouriteService(favourites: store, places: places, profiles: profiles, makeID: { "f1" })
        )
    }

    @Test(
        "a 5 ★ jazz bar moves the profile towards jazz, a 1 ★ pushes it away, removing it restores it",
        arguments: LearningFiles.implementations)
    func ratingsMoveTheVector(implementation: String) async throws {
        let model = try #require(Self.model)
        let jazz = try #require(try await model.vector(forTags: ["music:jazz"]))
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, favourites) = Self.services(store, files, model: model)
            let declared = try await profiles.save(
                deviceID: "d1", tags: ["venue:cafe", "activity:hiking"], vector: [], integrations: [:],
                at: Self.t0)
            let before = Self.cosine(declared.vector, jazz)

            _ = try await favourites.create(
                deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, at: Self.t0 + 10)
            let loved = try #require(try await profiles.profile(deviceID: "d1"))
            #expect(Self.cosine(loved.vector, jazz) > before + 0.05)
            #expect(loved.updatedAt == Self.t0 + 10)
            #expect(loved.modelVersion == model.version)
            let jazzSignal = try #require(loved.signals.first { $0.tag == "music:jazz" })
            #expect(
                jazzSignal.source == "favourites" && jazzSignal.strength == 1
                    && jazzSignal.lastSeen == Self.t0 + 10)
            #expect(loved.signals.contains { $0.tag == "venue:bar" && $0.source == "favourites" })
            #expect(
                loved.signals.filter { $0.source == "declared" }.map(\.tag).sorted() == [
                    "activity:hiking", "venue:cafe",
                ])

            _ = try await favourites.rate(id: "f1", deviceID: "d1", rating: 1, at: Self.t0 + 20)
            let disliked = try #require(try await profiles.profile(deviceID: "d1"))
            #expect(Self.cosine(disliked.vector, jazz) < before - 0.05)
            #expect(disliked.signals.first { $0.tag == "music:jazz" }?.strength == -1)

            try await favourites.delete(id: "f1", deviceID: "d1", at: Self.t0 + 30)
            let restored = try #require(try await profiles.profile(deviceID: "d1"))
            #expect(restored.signals.allSatisfy { $0.source == "declared" })
            #expect(zip(restored.vector, declared.vector).allSatisfy { abs($0 - $1) < 1e-6 })
        }
    }

    @Test(
        "a favourite's weight halves every 90 days (injected clock), so its pull on the vector fades",
        arguments: LearningFiles.implementations)
    func decay(implementation: String) async throws {
        let model = try #require(Self.model)
        let jazz = try #require(try await model.vector(forTags: ["music:jazz"]))
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, favourites) = Self.services(store, files, model: model)
            _ = try await profiles.save(
                deviceID: "d1", tags: ["venue:cafe"], vector: [], integrations: [:], at: Self.t0)
            _ = try await favourites.create(
                deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, at: Self.t0)
            let fresh = try #require(try await profiles.profile(deviceID: "d1"))
            let weight = { (at: Int64) async throws -> Double? in
                try await profiles.rankingProfile(deviceID: "d1", at: at).tags.first {
                    $0.tag.rawValue == "music:jazz"
                }?.weight
            }
            let now = try #require(try await weight(Self.t0))
            let later = try #require(try await weight(Self.t0 + 90 * Self.day))
            #expect(abs(later - now / 2) < 1e-9)
            let aged = try #require(try await profiles.relearn(deviceID: "d1", at: Self.t0 + 180 * Self.day))
            #expect(Self.cosine(aged.vector, jazz) < Self.cosine(fresh.vector, jazz) - 0.02)
            #expect(aged.signals.first { $0.tag == "music:jazz" }?.lastSeen == Self.t0)
        }
    }

    @Test(
        "a client's vector is kept as sent, and favourites of a device without a profile make none",
        arguments: LearningFiles.implementations)
    func clientVectorKept(implementation: String) async throws {
        let model = try #require(Self.model)
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, favourites) = Self.services(store, files, model: model)
            _ = try await favourites.create(
                deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, at: Self.t0)
            #expect(try await profiles.profile(deviceID: "d1") == nil)
            let vector = [Float](repeating: 0.05, count: model.dimension)
            let sent = try await profiles.save(
                deviceID: "d1", tags: [], vector: vector, integrations: [:], at: Self.t0)
            _ = try await favourites.rate(id: "f1", deviceID: "d1", rating: 1, at: Self.t0 + 1)
            #expect(try await profiles.profile(deviceID: "d1") == sent)
        }
    }

    @Test(
        "the export holds the signals the vector was learned from", arguments: LearningFiles.implementations)
    func exportShowsSignals(implementation: String) async throws {
        let model = try #require(Self.model)
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, favourites) = Self.services(store, files, model: model)
            _ = try await profiles.save(
                deviceID: "d1", tags: ["jazz"], vector: [], integrations: [:], at: Self.t0)
            _ = try await favourites.create(
                deviceID: "d1", placeID: "osm:node/102", rating: 4, note: nil, at: Self.t0)
            let export = try await DeviceService(store: store).export(DeviceRecord(id: "d1", createdAt: 1))
            let signals = try #require(export.profile?.signals)
            #expect(
                signals.contains(
                    ProfileSignalRecord(
                        tag: "music:jazz", source: "declared", count: 1, lastSeen: Self.t0, strength: 1)))
            #expect(
                signals.contains(
                    ProfileSignalRecord(
                        tag: "venue:cafe", source: "favourites", count: 1, lastSeen: Self.t0, strength: 0.5)))
        }
    }
}
