import AccountService
import Foundation
import GeoKit
import LociServerStore
import Personalisation
import PlaceKit
import PlaceStore
import ServerRepositories
import Testing

/// A scratch folder with a server store (one device) and a place store (one place), removed when released.
final class ServerFiles {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("account-service-\(UUID().uuidString)")
    let store: SQLiteServerStore
    let places: SQLitePlaceStore

    static let ateneum = Place(
        id: PlaceID(osm: .way, id: 8_033_120), name: "Ateneum", category: "museum",
        coordinate: Coordinate(uncheckedLatitude: 60.170_018, longitude: 24.944_219))

    init() async throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        store = try SQLiteServerStore(path: url.appendingPathComponent("server.sqlite").path)
        try await store.createDevice(DeviceRecord(id: "d1", createdAt: 1))
        let placesPath = url.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: placesPath)
        try writer.insert([Self.ateneum])
        try writer.finish()
        places = try SQLitePlaceStore(path: placesPath)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A two-tag model: `music:jazz` → [1, 0], `venue:cafe` → [0, 1]; any other tag is unknown.
struct TwoTagModel: InterestEmbedding {
    var version: String { "two-tag-1" }
    var dimension: Int { 2 }

    func vector(forTags tags: [String]) async throws(PersonalisationError) -> [Float]? {
        var sum: [Float] = [0, 0]
        for (index, tag) in tags.enumerated() {
            switch tag {
            case "music:jazz": sum[0] += 1
            case "venue:cafe": sum[1] += 1
            default: throw .unknownInterest(index: index, tag: tag)
            }
        }
        return sum
    }

    func vector(for place: Place) -> [Float]? { nil }
}

@Suite("Profiles: tags embedded by the server's model, client vectors kept, other models' ignored")
struct ProfileServiceTests {
    @Test("tags without a vector are embedded under the model's version; a sent vector is kept as the client's")
    func save() async throws {
        let files = try await ServerFiles()
        let service = ProfileService(profiles: files.store, interest: TwoTagModel())
        let embedded = try await service.save(
            deviceID: "d1", tags: ["music:jazz", "venue:cafe", "music:jazz"], vector: [], integrations: [:], at: 100)
        #expect(embedded.vector == [2, 1])
        #expect(embedded.modelVersion == "two-tag-1")
        #expect(try await service.profile(deviceID: "d1") == embedded)
        let sent = try await service.save(
            deviceID: "d1", tags: ["music:jazz"], vector: [0.5, 0.5], integrations: ["spotify": "on"], at: 200)
        #expect(sent.vector == [0.5, 0.5])
        #expect(sent.modelVersion == ProfileService.clientVersion)
        #expect(try await service.rankingVector(deviceID: "d1") == [0.5, 0.5])
    }

    @Test("an unknown tag is refused naming it, and nothing is stored")
    func unknownTag() async throws {
        let files = try await ServerFiles()
        let service = ProfileService(profiles: files.store, interest: TwoTagModel())
        do {
            _ = try await service.save(deviceID: "d1", tags: ["venue:cafe", "sport:curling"], vector: [], integrations: [:], at: 1)
            Issue.record("an unknown tag was embedded")
        } catch {
            guard case .interest(.unknownInterest(1, "sport:curling")) = error else { throw error }
        }
        #expect(try await service.profile(deviceID: "d1") == nil)
    }

    @Test("a vector made by another model version is not used for ranking; no profile ranks with none")
    func otherModel() async throws {
        let files = try await ServerFiles()
        let service = ProfileService(profiles: files.store, interest: TwoTagModel())
        #expect(try await service.rankingVector(deviceID: "d1") == [])
        try await files.store.saveProfile(
            ProfileRecord(
                deviceID: "d1", tags: [], vector: [1, 1], modelVersion: "older-model", integrations: [:], updatedAt: 1))
        #expect(try await service.rankingVector(deviceID: "d1") == [])
        _ = try await service.save(deviceID: "d1", tags: ["venue:cafe"], vector: [], integrations: [:], at: 2)
        #expect(try await service.rankingVector(deviceID: "d1") == [0, 1])
    }
}

@Suite("Favourites: only places the store knows, notes up to 500 characters")
struct FavouriteServiceTests {
    @Test("a known place is saved under the next id with the time given")
    func create() async throws {
        let files = try await ServerFiles()
        let service = FavouriteService(
            favourites: files.store, places: LocalPlacesProvider(store: files.places), makeID: { "f1" })
        let saved = try await service.create(deviceID: "d1", placeID: "osm:way/8033120", rating: 4, note: "Art", at: 50)
        #expect(saved == FavouriteRecord(id: "f1", deviceID: "d1", placeID: "osm:way/8033120", rating: 4, note: "Art", createdAt: 50))
        #expect(try await files.store.favourites(deviceID: "d1") == [saved])
    }

    @Test("a malformed id, an unknown place and a long note are refused before anything is stored")
    func refusals() async throws {
        let files = try await ServerFiles()
        let service = FavouriteService(
            favourites: files.store, places: LocalPlacesProvider(store: files.places), makeID: { "f1" })
        do {
            _ = try await service.create(deviceID: "d1", placeID: "ateneum", rating: nil, note: nil, at: 1)
            Issue.record("a malformed id was saved")
        } catch {
            guard case .invalidPlaceID("ateneum") = error else { throw error }
        }
        do {
            _ = try await service.create(deviceID: "d1", placeID: "osm:node/1", rating: nil, note: nil, at: 1)
            Issue.record("an unknown place was saved")
        } catch {
            guard case .noPlace("osm:node/1") = error else { throw error }
        }
        let long = String(repeating: "a", count: 501)
        do {
            _ = try await service.create(deviceID: "d1", placeID: "osm:way/8033120", rating: nil, note: long, at: 1)
            Issue.record("a 501-character note was saved")
        } catch {
            guard case .noteTooLong = error else { throw error }
        }
        let longest = try await service.create(
            deviceID: "d1", placeID: "osm:way/8033120", rating: nil, note: String(long.dropLast()), at: 1)
        #expect(try await files.store.favourites(deviceID: "d1") == [longest])
    }
}

@Suite("Devices: token hashing and generation, exported with what the server holds")
struct DeviceServiceTests {
    @Test("a token's hash is its SHA-256 (FIPS 180-2 appendix B.1)")
    func tokenHash() {
        #expect(DeviceService.tokenHash("abc").map { String(format: "%02x", $0) }.joined()
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("the default token is 43 base64url characters and differs each time")
    func randomTokens() {
        let tokens = (0..<20).map { _ in DeviceService.randomToken() }
        #expect(Set(tokens).count == 20)
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
    }

    @Test("an export holds the device's profile and favourites, not another device's")
    func export() async throws {
        let files = try await ServerFiles()
        try await files.store.createDevice(DeviceRecord(id: "other", createdAt: 1))
        let favourite = FavouriteRecord(id: "f", deviceID: "d1", placeID: "osm:way/8033120", rating: nil, note: nil, createdAt: 2)
        try await files.store.createFavourite(favourite)
        try await files.store.createFavourite(
            FavouriteRecord(id: "g", deviceID: "other", placeID: "osm:way/8033120", rating: nil, note: nil, createdAt: 2))
        let service = DeviceService(store: files.store)
        let export = try await service.export(DeviceRecord(id: "d1", createdAt: 1))
        #expect(export.profile == nil)
        #expect(export.favourites == [favourite])
    }
}
