import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import Testing

@Suite("Place store schema and round trips")
struct PlaceStoreSchemaTests {
    static let fullPlace = Place(
        id: PlaceID(osm: .way, id: 4_242), name: "Café Regatta", alternativeNames: ["Regatta", "Kahvila Regatta"],
        category: "cafe", coordinate: Coordinate(uncheckedLatitude: 60.181_814_3, longitude: 24.907_734_1),
        address: PostalAddress(houseNumber: "10", street: "Merikannontie", postcode: "00260", city: "Helsinki", country: "FI"),
        phone: "+358 40 123 4567", website: "https://caferegatta.fi/", openingHours: OpeningHours("Mo-Su 08:00-21:00"),
        wikidataID: "Q123", wikipedia: "fi:Café Regatta", importance: 0.85,
        tags: ["amenity": "cafe", "name": "Café Regatta", "outdoor_seating": "yes", "note": "quote \" and \\ and ünïcode"])

    @Test("a place with every field comes back equal")
    func placeRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try StoreFixtures.store([Self.fullPlace], in: directory)
        let read = try #require(try store.place(id: Self.fullPlace.id))
        #expect(read == Self.fullPlace)
        #expect(read.coordinate.latitude == 60.181_814_3)
        #expect(try store.place(id: PlaceID(osm: .node, id: 1)) == nil)
    }

    @Test("a place without optional fields comes back equal")
    func minimalRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let bare = StoreFixtures.place(7, nil, -33.9, 151.2, category: "pharmacy")
        let store = try StoreFixtures.store([bare], in: directory)
        #expect(try store.place(id: bare.id) == bare)
    }

    @Test("inserting the same id again replaces the row and its index entries")
    func replaceByID() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("replace.sqlite")
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert([StoreFixtures.place(1, "Old Name", 10, 10)])
        try writer.insert([StoreFixtures.place(1, "New Name", 20, 20)])
        try writer.finish()
        let store = try SQLitePlaceStore(path: path)
        #expect(try store.counts().places == 1)
        #expect(try store.candidates(matching: "old", near: nil).isEmpty)
        #expect(try store.candidates(matching: "new", near: nil).count == 1)
        let center = Coordinate(uncheckedLatitude: 10, longitude: 10)
        #expect(try store.places(near: center, radius: 1_000).isEmpty)
    }

    @Test("buildings keep footprint, heights and levels")
    func buildingRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let ring = [(60.17, 24.94), (60.17, 24.941), (60.171, 24.941), (60.171, 24.94)].map {
            Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)
        }
        let building = try #require(Building(
            id: PlaceID(osm: .way, id: 9), footprint: ring, height: 21.5, heightSource: .heightTag, levels: 6,
            minHeight: 3, name: "Ateneum"))
        let store = try StoreFixtures.store([], buildings: [building], in: directory)
        let box = try BoundingBox(south: 60.1705, west: 24.9405, north: 60.1706, east: 24.9406)
        let found = try store.buildings(in: box)
        #expect(found == [building])
        let away = try BoundingBox(south: 61, west: 25, north: 62, east: 26)
        #expect(try store.buildings(in: away).isEmpty)
        #expect(try store.counts() == PlaceStoreCounts(places: 0, namedPlaces: 0, categories: 0, buildings: 1))
    }

    @Test("the schema has the FTS5 and R*Tree tables and the migration record")
    func schemaTables() throws {
        let directory = try TemporaryDirectory()
        _ = try StoreFixtures.store([Self.fullPlace], in: directory)
        let path = directory.path("places.sqlite")
        let output = try Self.sqlite(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for table in ["places", "place_details", "places_fts", "places_rtree", "buildings", "buildings_rtree", "store_metadata", "grdb_migrations", "place_cells", "streets", "streets_rtree"] {
            #expect(output.contains(table), "missing table \(table)")
        }
        #expect(try Self.sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == "v1\nv2\nv3\nv4\nv5\n")
        #expect(try Self.sqlite(path, "PRAGMA journal_mode") == "delete\n")
    }

    @Test("opening does not modify the file or leave WAL files")
    func openIsReadOnly() throws {
        let directory = try TemporaryDirectory()
        let store = try StoreFixtures.store([Self.fullPlace], in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        _ = try store.place(id: Self.fullPlace.id)
        let again = try SQLitePlaceStore(path: store.path)
        _ = try again.counts()
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: store.path + "-wal"))
    }

    @Test("a hand-edited address reads as JSONDecoder would: unknown keys ignored, null as nil, a number refused")
    func handEditedAddress() throws {
        let directory = try TemporaryDirectory()
        // The path only: an open store keeps its shared lock, so the file is edited with none open.
        let path = try StoreFixtures.store([Self.fullPlace], in: directory).path
        let edit = #"UPDATE place_details SET address = '{"city":"Espoo","street":null,"floor":"3"}'"#
        _ = try Self.sqlite(path, edit)
        let read = try #require(try SQLitePlaceStore(path: path).place(id: Self.fullPlace.id))
        #expect(read.address == PostalAddress(city: "Espoo"))
        _ = try Self.sqlite(path, #"UPDATE place_details SET address = '{"city":5}'"#)
        let error = try #require(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: path).place(id: Self.fullPlace.id) }
        #expect(error.kind == .corruptRow(table: "places", id: Self.fullPlace.id.rawValue, detail: "address.city is not a string"))
        _ = try Self.sqlite(path, #"UPDATE place_details SET address = '["Espoo"]'"#)
        #expect(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: path).place(id: Self.fullPlace.id) }
    }

    @Test(
        "hand-edited columns of the wrong storage class (a text column's affinity turns numbers into text) are typed errors naming the column",
        arguments: [
            ("UPDATE places SET lat = 'north'", "lat has the wrong type"),
            ("UPDATE places SET lon = X'00'", "lon has the wrong type"),
            ("UPDATE places SET name = X'FF00'", "name has the wrong type"),
            ("UPDATE places SET importance = 'high'", "importance has the wrong type"),
            ("UPDATE places SET category = X'FFFE'", "category has the wrong type"),
            ("UPDATE places SET lat = 91", "latitude 91.0 is outside -90...90"),
            ("UPDATE place_details SET phone = X'C0'", "phone has the wrong type"),
            ("UPDATE place_details SET tags = '{\"a\":1}'", "tags is not valid JSON of the expected shape"),
            ("UPDATE place_details SET tags = 7", "tags is not valid JSON of the expected shape"),
            ("UPDATE place_details SET alt_names = '[\"a\",'", "alt_names is not valid JSON of the expected shape"),
            ("UPDATE place_details SET address = '[]'", "address is not a JSON object"),
        ])
    func wrongStorageClass(edit: String, detail: String) throws {
        let directory = try TemporaryDirectory()
        let path = try StoreFixtures.store([Self.fullPlace], in: directory).path  // released before the edit
        _ = try Self.sqlite(path, edit)
        let store = try SQLitePlaceStore(path: path)
        let error = try #require(throws: PlaceStoreError.self) { try store.place(id: Self.fullPlace.id) }
        #expect(error.kind == .corruptRow(table: "places", id: Self.fullPlace.id.rawValue, detail: detail))
    }

    @Test("text stored as a UTF-8 BLOB and whole numbers stored as INTEGER read as they would as TEXT and REAL")
    func lenientStorageClasses() throws {
        let directory = try TemporaryDirectory()
        let path = try StoreFixtures.store([Self.fullPlace], in: directory).path  // released before the edit
        _ = try Self.sqlite(
            path, "UPDATE places SET name = CAST('Kahvila Ö' AS BLOB), lat = 60, importance = 1; "
                + "UPDATE place_details SET tags = CAST('{\"amenity\":\"cafe\"}' AS BLOB)")
        let read = try #require(try SQLitePlaceStore(path: path).place(id: Self.fullPlace.id))
        #expect(read.name == "Kahvila Ö")
        #expect(read.coordinate.latitude == 60)
        #expect(read.importance == 1)
        #expect(read.tags == ["amenity": "cafe"])
        #expect(read.address == Self.fullPlace.address)
    }

    @Test("while a store is open its file cannot be changed in place; once released, it can")
    func openStoreHoldsItsFile() throws {
        let directory = try TemporaryDirectory()
        let path: String
        do {
            let store = try StoreFixtures.store([Self.fullPlace], in: directory)
            path = store.path
            #expect(try store.place(id: Self.fullPlace.id)?.name == "Café Regatta")
            let refused = try #require(throws: ShellFailure.self) {
                try Self.sqlite(path, "UPDATE places SET name = 'Renamed'")
            }
            #expect(refused.message.contains("locked"), "\(refused)")
            // The refused write changed nothing this store reads.
            #expect(try store.place(id: Self.fullPlace.id)?.name == "Café Regatta")
        }
        _ = try Self.sqlite(path, "UPDATE places SET name = 'Renamed'")
        #expect(try SQLitePlaceStore(path: path).place(id: Self.fullPlace.id)?.name == "Renamed")
    }

    @Test("a file that is not a place store is refused with a typed error")
    func refusesForeignFiles() throws {
        let directory = try TemporaryDirectory()
        let text = directory.path("notes.txt")
        try Data("hello, not a database".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: text) }
        let empty = directory.path("empty.sqlite")
        _ = try Self.sqlite(empty, "CREATE TABLE t(x)")
        let error = try #require(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: empty) }
        #expect(error.operation == "open")
        #expect(error.path == empty)
        #expect(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: directory.path("missing.sqlite")) }
    }

    /// Runs the sqlite3 command-line shell (an independent reader of the file); throws with its
    /// standard error when it exits with a failure (a locked file, bad SQL).
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ShellFailure(status: process.terminationStatus, message: String(decoding: message, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The sqlite3 shell exited with a failure.
    struct ShellFailure: Error, CustomStringConvertible {
        var status: Int32
        var message: String
        var description: String { "sqlite3 exited with \(status): \(message)" }
    }
}
