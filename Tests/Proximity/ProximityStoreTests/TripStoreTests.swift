import Foundation
import GeoKit
import ProximityKit
import ProximityStore
import Testing

@Suite("Trip store")
struct TripStoreTests {
    func store() throws -> TripStore {
        try TripStore(path: FileManager.default.temporaryDirectory.appendingPathComponent("trips-\(UUID().uuidString).sqlite").path)
    }

    let helsinki = Trip(
        id: "t1", name: "Helsinki", startDate: "2025-06-16", endDate: "2025-06-22", alertRadius: 300,
        quietHours: QuietHours(start: 22 * 60, end: 7 * 60), timeZone: "Europe/Helsinki")

    func place(_ id: String, trip: String = "t1") -> SavedPlace {
        SavedPlace(id: id, tripID: trip, name: "Place \(id)", coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), category: "cafe")
    }

    @Test("trips and places round-trip; names are unique case-insensitively; deleting a trip deletes its places")
    func roundTrip() throws {
        let db = try store()
        try db.create(helsinki)
        #expect(try db.trips() == [helsinki])
        #expect(try db.trip(named: "HELSINKI") == helsinki)
        #expect(throws: ProximityFieldError(field: "name", "a trip called 'helsinki' already exists")) {
            try db.create(Trip(id: "t2", name: "helsinki"))
        }
        try db.add([place("a"), place("b")])
        #expect(try db.places(tripID: "t1").map(\.id) == ["a", "b"])
        #expect(try db.remove(placeID: "a", tripID: "t1"))
        #expect(try !db.remove(placeID: "a", tripID: "t1"))
        #expect(try db.delete(tripID: "t1"))
        #expect(try db.places().isEmpty)
    }

    @Test("invalid fields are refused by name and nothing is written", arguments: [
        (Trip(id: "x", name: " "), "name"),
        (Trip(id: "x", name: "R", alertRadius: 10), "alert_radius_m"),
        (Trip(id: "x", name: "R", alertRadius: .nan), "alert_radius_m"),
        (Trip(id: "x", name: "R", startDate: "2025-02-30"), "start_date"),
        (Trip(id: "x", name: "R", startDate: "2025-06-10", endDate: "2025-06-01"), "end_date"),
        (Trip(id: "x", name: "R", timeZone: "Mars/Base"), "time_zone"),
        (Trip(id: "x", name: "R", quietHours: QuietHours(start: 600, end: 600)), "quiet_hours"),
    ])
    func invalid(trip: Trip, field: String) throws {
        let db = try store()
        #expect { try db.create(trip) } throws: { ($0 as? ProximityFieldError)?.field == field }
        #expect(try db.trips().isEmpty)
    }

    @Test("adding places is all or nothing: one bad place, or an unknown trip, writes none")
    func atomicAdd() throws {
        let db = try store()
        try db.create(helsinki)
        var bad = place("c")
        bad.name = ""
        #expect(throws: ProximityFieldError.self) { try db.add([place("a"), bad]) }
        #expect(throws: ProximityFieldError.self) { try db.add([place("b"), place("z", trip: "nope")]) }
        #expect(try db.places().isEmpty)
    }

    @Test("a file that is not a database is refused with its path")
    func notADatabase() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).sqlite").path
        try Data(repeating: 7, count: 2_048).write(to: URL(fileURLWithPath: path))
        #expect { _ = try TripStore(path: path) } throws: { "\($0)".contains(path) }
    }
}
