import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import ProximityKit
import ProximityStore
import Synchronization
import Testing

@Suite("Trip service: trips by name, places from the store or by hand")
struct TripServiceTests {
    /// A scratch folder holding a trip store and a place store with one place, removed when released.
    final class Files {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trip-service-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        /// Ateneum as OpenStreetMap has it, with hours.
        static let ateneum = Place(
            id: PlaceID(osm: .way, id: 8_033_120), name: "Ateneum", category: "museum",
            coordinate: Coordinate(uncheckedLatitude: 60.170_018, longitude: 24.944_219),
            openingHours: OpeningHours("Tu-Su 10:00-18:00"))
        static let unnamed = Place(
            id: PlaceID(osm: .node, id: 42), name: nil, category: "toilets",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))

        func service(ids: [String] = ["t1", "t2", "t3"]) throws -> TripService {
            let store = try TripService.openStore(path: url.appendingPathComponent("nested/trips.sqlite").path)
            let placesPath = url.appendingPathComponent("places.sqlite").path
            let writer = try PlaceStoreWriter(path: placesPath)
            try writer.insert([Self.ateneum, Self.unnamed])
            try writer.finish()
            let places = try SQLitePlaceStore(path: placesPath)
            let next = IDs(ids)
            return TripService(store: store, places: { LocalPlacesProvider(store: places) }, makeID: { next.take() })
        }
    }

    /// Ids handed out in order.
    final class IDs: Sendable {
        private let remaining: Mutex<[String]>
        init(_ ids: [String]) { remaining = Mutex(ids) }
        func take() -> String { remaining.withLock { $0.removeFirst() } }
    }

    @Test("a trip is created with the next id and a trimmed name, and found by name in any case")
    func create() throws {
        let files = Files()
        let service = try files.service()
        let trip = try service.create(name: "  Helsinki ", alertRadius: 300, timeZone: "Europe/Helsinki")
        #expect(trip.id == "t1")
        #expect(trip.name == "Helsinki")
        #expect(try service.trip(named: "HELSINKI") == trip)
        #expect(throws: TripServiceError.self) { try service.create(name: "helsinki", timeZone: "UTC") }
        #expect(throws: TripServiceError.self) { try service.create(name: "Tiny", alertRadius: 10, timeZone: "UTC") }
    }

    @Test("a stored place keeps the store's id, name, position and hours; a category given replaces its own")
    func storedPlace() async throws {
        let files = Files()
        let service = try files.service()
        _ = try service.create(name: "Helsinki", timeZone: "Europe/Helsinki")
        let (trip, saved) = try await service.addPlace(.stored(Files.ateneum.id), toTrip: "helsinki")
        #expect(trip.name == "Helsinki")
        #expect(saved.id == "osm:way/8033120")
        #expect(saved.name == "Ateneum")
        #expect(saved.category == "museum")
        #expect(saved.openingHours?.raw == "Tu-Su 10:00-18:00")
        #expect(saved.coordinate == Files.ateneum.coordinate)
        let relabelled = try await service.addPlace(.stored(Files.ateneum.id), toTrip: "Helsinki", category: "gallery")
        #expect(relabelled.place.category == "gallery")
        let unnamed = try await service.addPlace(.stored(Files.unnamed.id), toTrip: "Helsinki")
        #expect(unnamed.place.name == "osm:node/42")
        let (_, places) = try service.tripWithPlaces(named: "Helsinki")
        #expect(places.map(\.id) == ["osm:way/8033120", "osm:node/42"])
        #expect(places.first?.category == "gallery")
    }

    @Test("a custom place's id is its position to six decimals; counts follow adds and removes")
    func customPlace() async throws {
        let files = Files()
        let service = try files.service()
        _ = try service.create(name: "Helsinki", timeZone: "Europe/Helsinki")
        _ = try service.create(name: "Empty", timeZone: "UTC")
        let spot = try Coordinate(latitude: 60.17, longitude: 24.95)
        let added = try await service.addPlace(
            .custom(name: "My spot", coordinate: spot, openingHours: "Mo-Fr 08:00-16:00"), toTrip: "Helsinki",
            category: "cafe")
        #expect(added.place.id == "custom:60.170000,24.950000")
        #expect(added.place.openingHours?.raw == "Mo-Fr 08:00-16:00")
        #expect(added.place.category == "cafe")
        #expect(try service.trips().map { "\($0.trip.name) \($0.places)" } == ["Empty 0", "Helsinki 1"])
        try service.removePlace(id: "custom:60.170000,24.950000", fromTrip: "Helsinki")
        #expect(try service.trips().map(\.places) == [0, 0])
        do {
            try service.removePlace(id: "custom:60.170000,24.950000", fromTrip: "Helsinki")
            Issue.record("a missing place was removed")
        } catch {
            guard case .noSavedPlace(let id, let trip) = error else { throw error }
            #expect(id == "custom:60.170000,24.950000" && trip == "Helsinki")
        }
    }

    @Test("an unknown trip or store place is named; deleting a trip removes it")
    func refusals() async throws {
        let files = Files()
        let service = try files.service()
        do {
            _ = try service.delete(named: "Nope")
            Issue.record("a missing trip was deleted")
        } catch {
            guard case .noTrip("Nope") = error else { throw error }
        }
        _ = try service.create(name: "Helsinki", timeZone: "UTC")
        let missing = PlaceID(osm: .node, id: 0)
        do {
            _ = try await service.addPlace(.stored(missing), toTrip: "Helsinki")
            Issue.record("a place missing from the store was saved")
        } catch {
            guard case .noPlace(let id) = error else { throw error }
            #expect(id == missing)
        }
        #expect(try service.delete(named: "helsinki").name == "Helsinki")
        #expect(try service.trips().isEmpty)
    }
}
