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
