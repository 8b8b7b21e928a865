import AccountService
import Foundation
import GRDB
import InterestKit
@testable import LociServerStore
import LociTestSupport
import Logging
import Personalisation
import PlaceStore
import PostgresNIO
import ServerRepositories
import Testing

/// A favourite change and the profile learned from it are one transaction: a failure after the
/// favourite's write and before the profile's (a trigger that refuses every profile write,
/// standing in for a crash between them) leaves neither.
@Suite("A favourite and its profile change together or not at all (SQLite and PostgreSQL)")
struct FavouriteAtomicityTests {
    static let t0: Int64 = 1_790_000_000

    /// Makes every later profile write of `store` fail inside its transaction.
    static func refuseProfileWrites(_ store: any ServerStore) async throws {
        if let sqlite = store as? SQLiteServerStore {
            try await DatabaseQueue(path: sqlite.path).write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER refuse_profile BEFORE INSERT ON profile
                        BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                        """)
            }
        } else {
            let postgres = try #require(store as? PostgresServerStore)
            let logger = Logger(label: "test")
            for statement in [
                """
                CREATE FUNCTION refuse_profile() RETURNS trigger LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$
                """,
                """
                CREATE TRIGGER refuse_profile BEFORE INSERT OR UPDATE ON profile
                FOR EACH ROW EXECUTE FUNCTION refuse_profile()
                """,
            ] {
                for try await _ in try await postgres.client.query(PostgresQuery(unsafeSQL: statement), logger: logger) {}
            }
        }
    }

    @Test(
        "a failed profile write undoes the favourite's create, rate and delete",
        arguments: LearningFiles.implementations)
    func failureBetweenWritesLeavesNeither(implementation: String) async throws {
        let model = try #require(ProfileLearningTests.model)
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, favourites) = ProfileLearningTests.services(store, files, model: model)
            _ = try await profiles.save(
                deviceID: "d1", tags: ["venue:cafe"], vector: [], integrations: [:], at: Self.t0)
            let saved = try await favourites.create(
                deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, at: Self.t0 + 10)
            let learned = try #require(try await profiles.profile(deviceID: "d1"))
            #expect(learned.signals.contains { $0.tag == "music:jazz" })

            try await Self.refuseProfileWrites(store)
            let other = FavouriteService(
                favourites: store, places: LocalPlacesProvider(store: files.places), profiles: profiles,
                makeID: { "f2" })
            await #expect(throws: FavouriteServiceError.self) {
                _ = try await other.create(
                    deviceID: "d1", placeID: "osm:node/102", rating: 4, note: nil, at: Self.t0 + 20)
            }
            await #expect(throws: FavouriteServiceError.self) {
                _ = try await favourites.rate(id: saved.id, deviceID: "d1", rating: 1, at: Self.t0 + 30)
            }
            await #expect(throws: FavouriteServiceError.self) {
                try await favourites.delete(id: saved.id, deviceID: "d1", at: Self.t0 + 40)
            }
            #expect(try await store.favourites(deviceID: "d1") == [saved])
            #expect(try await profiles.profile(deviceID: "d1") == learned)
        }
    }

    @Test(
        "the store refuses a profile of another device in a favourite's change, and writes nothing",
        arguments: LearningFiles.implementations)
    func profileOfAnotherDevice(implementation: String) async throws {
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let favourite = FavouriteRecord(
                id: "f1", deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, createdAt: Self.t0)
            let stranger = ProfileRecord(
                deviceID: "d2", tags: [], vector: [], modelVersion: "m", integrations: [:], updatedAt: Self.t0)
            await #expect(throws: ServerStoreError.self) {
                try await store.changeFavourite(.create(favourite), profile: stranger)
            }
            #expect(try await store.favourites(deviceID: "d1").isEmpty)
            let mine = ProfileRecord(
                deviceID: "d1", tags: [], vector: [1], modelVersion: "m", integrations: [:], updatedAt: Self.t0)
            try await store.changeFavourite(.create(favourite), profile: mine)
            #expect(try await store.favourites(deviceID: "d1") == [favourite])
            #expect(try await store.profile(deviceID: "d1") == mine)
        }
    }

    @Test(
        "a change whose favourites changed after it read them is refused by the store, and nothing is written",
        arguments: LearningFiles.implementations)
    func staleBasisWritesNothing(implementation: String) async throws {
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let first = FavouriteRecord(
                id: "f1", deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, createdAt: Self.t0)
            let profile = ProfileRecord(
                deviceID: "d1", tags: [], vector: [1], modelVersion: "m", integrations: [:], updatedAt: Self.t0)
            try await store.changeFavourite(.create(first), profile: profile, basis: [])
            let second = FavouriteRecord(
                id: "f2", deviceID: "d1", placeID: "osm:node/102", rating: 4, note: nil, createdAt: Self.t0 + 1)
            var later = profile
            later.vector = [2]
            // Learned from "no favourites", but f1 is stored now.
            await #expect(throws: ServerStoreError(.conflict(FavouriteBasis.changedMessage), operation: "favourites.create")) {
                try await store.changeFavourite(.create(second), profile: later, basis: [])
            }
            #expect(try await store.favourites(deviceID: "d1") == [first])
            #expect(try await store.profile(deviceID: "d1") == profile)
            try await store.changeFavourite(.create(second), profile: later, basis: [first])
            #expect(try await store.favourites(deviceID: "d1") == [first, second])
            #expect(try await store.profile(deviceID: "d1")?.vector == [2])
        }
    }

    @Test(
        "two changes at once: the one that read first learns again, and the profile holds both",
        arguments: LearningFiles.implementations)
    func concurrentChangesBothLearned(implementation: String) async throws {
        let model = try #require(ProfileLearningTests.model)
        let files = try LearningFiles()
        try await files.withStore(implementation) { store in
            let (profiles, _) = ProfileLearningTests.services(store, files, model: model)
            _ = try await profiles.save(deviceID: "d1", tags: ["music:rock"], vector: [], integrations: [:], at: Self.t0)
            let other = FavouriteRecord(
                id: "f-other", deviceID: "d1", placeID: "osm:node/102", rating: 4, note: nil, createdAt: Self.t0 + 5)
            let interleaving = InterleavingFavourites(
                store: store, profiles: profiles, landing: .create(other), at: Self.t0 + 5)
            let favourites = FavouriteService(
                favourites: interleaving, places: LocalPlacesProvider(store: files.places), profiles: profiles,
                makeID: { "f1" })
            _ = try await favourites.create(deviceID: "d1", placeID: "osm:node/101", rating: 5, note: nil, at: Self.t0 + 10)
            #expect(try await store.favourites(deviceID: "d1").map(\.id).sorted() == ["f-other", "f1"])
            let signals = try #require(try await profiles.profile(deviceID: "d1")).signals
            #expect(signals.contains { $0.tag == "music:jazz" && $0.source == "favourites" }, "\(signals)")
            #expect(signals.contains { $0.tag == "venue:cafe" && $0.source == "favourites" }, "\(signals)")
        }
    }
}

/// A favourite repository over a real store that lets one other change of the same device land
/// (learned and stored as ``FavouriteService`` would) after a change has read the favourites and
/// just before it writes: two requests at once, in a fixed order.
actor InterleavingFavourites: FavouriteRepository {
    let store: any ServerStore
    let profiles: ProfileService
    var landing: FavouriteChange?
    let at: Int64

    init(store: any ServerStore, profiles: ProfileService, landing: FavouriteChange, at: Int64) {
        self.store = store
        self.profiles = profiles
        self.landing = landing
        self.at = at
    }

    func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError) {
        try await store.createFavourite(favourite)
    }

    func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord] {
        try await store.favourites(deviceID: deviceID)
    }

    func rateFavourite(id: String, deviceID: String, rating: Int?) async throws(ServerStoreError) -> FavouriteRecord {
        try await store.rateFavourite(id: id, deviceID: deviceID, rating: rating)
    }

    func deleteFavourite(id: String, deviceID: String) async throws(ServerStoreError) {
        try await store.deleteFavourite(id: id, deviceID: deviceID)
    }

    func changeFavourite(_ change: FavouriteChange, profile: ProfileRecord?, basis: [FavouriteRecord]?)
        async throws(ServerStoreError) -> FavouriteRecord?
    {
        if let other = landing {
            landing = nil
            let stored = try await store.favourites(deviceID: other.deviceID)
            let learned = try? await profiles.relearned(
                deviceID: other.deviceID, favourites: other.applied(to: stored), at: at)
            try await store.changeFavourite(other, profile: learned, basis: stored)
        }
        return try await store.changeFavourite(change, profile: profile, basis: basis)
    }
}
