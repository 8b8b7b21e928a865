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
}
