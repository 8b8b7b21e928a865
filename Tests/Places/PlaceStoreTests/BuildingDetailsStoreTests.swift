import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import Testing

@Suite("Place store: building type, year and wikidata")
struct BuildingDetailsStoreTests {
    static let ring = [(40.73, -74.0), (40.73, -73.999), (40.731, -73.999), (40.731, -74.0)].map {
        Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)
    }

    @Test("kind, year and wikidata survive the store, and their absence stays nil")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let church = try #require(Building(
            id: PlaceID(osm: .way, id: 1), footprint: Self.ring, height: 14.2, heightSource: .heightTag,
            name: "St. John's", kind: "church", year: 1822, wikidataID: "Q5117997"))
        let plain = try #require(Building(
            id: PlaceID(osm: .way, id: 2), footprint: Self.ring, height: nil, heightSource: .unknown))
        let store = try StoreFixtures.store([], buildings: [church, plain], in: directory)
        let found = try store.buildings(in: .world)
        #expect(found == [church, plain])
        #expect(found.first?.year == 1822)
        #expect(found.last?.kind == nil && found.last?.year == nil && found.last?.wikidataID == nil)
        let columns = try PlaceStoreSchemaTests.sqlite(
            store.path, "SELECT kind, year, wikidata FROM buildings ORDER BY id")
        #expect(columns == "church|1822|Q5117997\n||\n")
    }

    @Test("a store without migration v3 is refused and told to re-import")
    func olderStoreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try StoreFixtures.store([], in: directory).path  // released: an open store keeps its file locked
        _ = try PlaceStoreSchemaTests.sqlite(path, "DELETE FROM grdb_migrations WHERE identifier = 'v3'")
        let error = try #require(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: path) }
        #expect("\(error)".contains("re-import"))
        #expect(error.path == path)
    }
}
