import Foundation
import GRDB
@testable import LociServerStore
import LociTestSupport
import Logging
import PostgresNIO
import ServerRepositories
import Testing

/// A store's errors read cleanly (finding 5 of issue 32): a duplicate is a conflict naming the
/// place, a broken database is "storage unavailable", and what the database said is only in
/// `detail` (for the log).
@Suite("Store errors carry no SQL, paths or driver messages")
struct StoreErrorTextTests {
    static let favourite = FavouriteRecord(
        id: "f1", deviceID: "d1", placeID: "osm:node/7", rating: 4, note: nil, createdAt: 1)

    @Test("the leak finder flags the messages the stores used to give, and passes clean ones")
    func finderOnBrokenFixtures() {
        #expect(
            !InternalsLeak.findings(
                in: "favourites.create: conflict: UNIQUE constraint failed: favourite.device_id, favourite.place_id"
            ).isEmpty)
        #expect(
            !InternalsLeak.findings(
                in: "database error: SQLite error 13: database or disk is full - while executing `COMMIT TRANSACTION`"
            ).isEmpty)
        #expect(InternalsLeak.findings(in: "open: /tmp/loci-1/server.sqlite: disk I/O error").contains("/tmp/loci-1/server.sqlite"))
        #expect(
            !InternalsLeak.findings(in: "duplicate key value violates unique constraint \"favourite_pkey\"").isEmpty)
        #expect(InternalsLeak.findings(in: "place osm:node/7 is already a favourite of this device").isEmpty)
        #expect(InternalsLeak.findings(in: "favourites.create: database error: storage unavailable").isEmpty)
    }

    @Test("a duplicate favourite is a conflict naming the place", arguments: ServerStoreConformanceTests.implementations)
    func duplicate(implementation: String) async throws {
        try await ServerStoreConformanceTests.withStore(implementation) { store in
            try await store.createDevice(DeviceRecord(id: "d1", createdAt: 1))
            try await store.createFavourite(Self.favourite)
            var again = Self.favourite
            again.id = "f2"
            let error = try await #require(throws: ServerStoreError.self) { try await store.createFavourite(again) }
            guard case .conflict(let text) = error.kind else {
                Issue.record("expected a conflict, got \(error)")
                return
            }
            #expect(text.contains("osm:node/7"))
            #expect(InternalsLeak.findings(in: error.description) == [])
            #expect(error.detail != nil)
        }
    }

    @Test("a broken database is \"storage unavailable\", its message only in the detail",
        arguments: ServerStoreConformanceTests.implementations)
    func brokenDatabase(implementation: String) async throws {
        try await ServerStoreConformanceTests.withStore(implementation) { store in
            try await store.createDevice(DeviceRecord(id: "d1", createdAt: 1))
            if let sqlite = store as? SQLiteServerStore {
                try await DatabaseQueue(path: sqlite.path).write { try $0.execute(sql: "DROP TABLE favourite") }
            } else {
                let postgres = try #require(store as? PostgresServerStore)
                for try await _ in try await postgres.client.query("DROP TABLE favourite", logger: Logger(label: "test")) {}
            }
            let write = try await #require(throws: ServerStoreError.self) {
                try await store.createFavourite(Self.favourite)
            }
            let read = try await #require(throws: ServerStoreError.self) {
                _ = try await store.favourites(deviceID: "d1")
            }
            for error in [write, read] {
                #expect(error.kind == .database("storage unavailable"))
                #expect(InternalsLeak.findings(in: error.description) == [])
                #expect(error.detail?.contains("favourite") == true)
            }
        }
    }
}
