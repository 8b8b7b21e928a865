import Foundation
import GRDB
import GeoKit
import ProximityKit
import Testing
@testable import ProximityStore

@Suite("Trip store migrations")
struct TripStoreMigrationTests {
    /// A store as the first schema wrote it, with one trip and one place.
    static func versionOneStore() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trips-v1-\(UUID().uuidString).sqlite").path
        let queue = try DatabaseQueue(path: path)
        try TripStore.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO trip VALUES ('t1', 'Helsinki', NULL, NULL, 1, 300, NULL, NULL, 'Europe/Helsinki')")
            try db.execute(sql: "INSERT INTO saved_place VALUES ('t1', 'a', 'Regatta', 60.18, 24.91, 'cafe', NULL)")
        }
        return path
    }

    @Test("a store from before per-place radii opens, keeps its places (no radius, no note) and then stores both")
    func upgradesVersionOne() throws {
        let path = try Self.versionOneStore()
        let store = try TripStore(path: path)
        let places = try store.places(tripID: "t1")
        #expect(places.map(\.name) == ["Regatta"])
        #expect(places[0].alertRadius == nil)
        #expect(places[0].note == nil)
        var place = places[0]
        place.alertRadius = 75
        place.note = "window table"
        try store.add([place])
        #expect(try TripStore(path: path).places(tripID: "t1") == [place])
    }

    @Test("a store from before visits opens unvisited; a visit is kept, its first time wins, and edits and re-imports keep it")
    func upgradesVersionTwo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trips-v2-\(UUID().uuidString).sqlite").path
        let queue = try DatabaseQueue(path: path)
        try TripStore.migrator.migrate(queue, upTo: "v2-place-radius-note")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO trip VALUES ('t1', 'Helsinki', NULL, NULL, 1, 300, NULL, NULL, 'Europe/Helsinki')")
            try db.execute(sql: "INSERT INTO saved_place VALUES ('t1', 'a', 'Regatta', 60.18, 24.91, 'cafe', NULL, 80, 'window')")
            try db.execute(sql: "INSERT INTO saved_place VALUES ('t1', 'b', 'Ateneum', 60.17, 24.94, NULL, NULL, NULL, NULL)")
        }
        try queue.close()

        let store = try TripStore(path: path)
        let before = try store.places(tripID: "t1")
        #expect(before.map(\.name) == ["Ateneum", "Regatta"])
        #expect(before.allSatisfy { !$0.isVisited })
        #expect(before[1].alertRadius == 80 && before[1].note == "window", "the older columns survive")

        #expect(try store.markVisited(placeID: "a", tripID: "t1", at: 1_000))
        #expect(try store.markVisited(placeID: "a", tripID: "t1", at: 2_000) == false, "the first visit is kept")
        #expect(try store.markVisited(placeID: "zz", tripID: "t1", at: 1_000) == false, "no such place")

        var regatta = try #require(try store.places(tripID: "t1").first { $0.id == "a" })
        #expect(regatta.visitedAt == 1_000)
        regatta.visitedAt = nil
        regatta.note = "edited"
        try store.add([regatta])
        let reopened = try #require(try TripStore(path: path).places(tripID: "t1").first { $0.id == "a" })
        #expect(reopened.visitedAt == 1_000, "an edit (or a file imported again) without a visit keeps it")
        #expect(reopened.note == "edited")
    }

    @Test("a place radius outside 50–50000 m is refused by name and nothing is written")
    func refusesBadRadius() throws {
        let store = try TripStore(path: Self.versionOneStore())
        let good = SavedPlace(id: "b", tripID: "t1", name: "B", coordinate: try Coordinate(latitude: 60, longitude: 24), alertRadius: 100)
        var bad = good
        bad.id = "c"
        bad.alertRadius = 5
        #expect(throws: ProximityFieldError.self) { try store.add([good, bad]) }
        #expect(try store.places(tripID: "t1").map(\.id) == ["a"])
    }
}
