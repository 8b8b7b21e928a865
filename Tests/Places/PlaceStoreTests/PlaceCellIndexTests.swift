import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import PlaceStore

@Suite("Cell-packed name index: grid, blobs and the same answers as the R*Tree")
struct PlaceCellIndexTests {
    /// The same file read through the cells and through the R*Tree (the reference path).
    static func bothPaths(_ store: SQLitePlaceStore) -> (cells: SQLitePlaceStore, reference: SQLitePlaceStore)
    {
        var reference = store
        reference.usesCellIndex = false
        return (store, reference)
    }

    static func ids(_ candidates: [PlaceCandidate]) -> [String] {
        candidates.map {
            "\($0.place.id.rawValue) \($0.match.rawValue) \($0.distance.map { String($0) } ?? "-")"
        }
    }

    @Test("the grid's bands are 1/128° and key ranges cover a box without overlap")
    func gridShape() throws {
        // 60° N is 150 · 128 = 19 200 bands from the south pole: exactly a band border.
        #expect(PlaceCellGrid.band(latitude: 60) == 19_200)
        #expect(PlaceCellGrid.band(latitude: 59.999_999) == 19_199)
        #expect(PlaceCellGrid.band(latitude: -90) == 0)
        #expect(PlaceCellGrid.band(latitude: 90) == 180 * 128 - 1)
        // Hand computed: floor(46 080 · cos 60.0078125°) = floor(23 034.56) = 23 034 columns.
        #expect(PlaceCellGrid.columnCount(band: 19_200) == 23_034)
        // At the equator the band's pole-ward edge is 1/128°: cos ≈ 0.99999999 → 46 079 columns.
        #expect(PlaceCellGrid.columnCount(band: 90 * 128) == 46_079)
        #expect(PlaceCellGrid.columnCount(band: 0) == 1)
        let box = BoundingBox(uncheckedSouth: 59.99, west: 179.99, north: 60.01, east: -179.99)
        let cover = try #require(PlaceCellGrid.cover(box))
        // Bands 19 198 (59.99 · …) to 19 201 (60.01), each with the last and the first column.
        #expect(cover.count == 8)
        for (a, b) in zip(cover, cover.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
        #expect(PlaceCellGrid.cover(BoundingBox(uncheckedSouth: 0, west: 0, north: 2, east: 1)) == nil)
    }

    @Test("a place on a cell corner is found from every side, with the same distances as the R*Tree")
    func borderPlace() throws {
        let directory = try TemporaryDirectory()
        // Latitude 60 is a band border; longitude 0 is a column border (23 034 columns, even).
        let corner = StoreFixtures.place(1, "Kulma Kahvila", 60, 0)
        #expect(
            PlaceCellGrid.key(corner.coordinate)
                != PlaceCellGrid.key(Coordinate(uncheckedLatitude: 59.999_99, longitude: 0)))
        #expect(
            PlaceCellGrid.key(corner.coordinate)
                != PlaceCellGrid.key(Coordinate(uncheckedLatitude: 60, longitude: -0.000_01)))
        let paths = Self.bothPaths(try StoreFixtures.store([corner], in: directory))
        for (dLat, dLon) in [
            (0.001, 0.0), (-0.001, 0.0), (0.0, 0.002), (0.0, -0.002), (0.001, 0.002), (-0.001, -0.002),
        ] {
            let center = Coordinate(uncheckedLatitude: 60 + dLat, longitude: dLon)
            let found = try paths.cells.candidates(matching: "kulma", near: center, radius: 300)
            #expect(found.map(\.place.id) == [corner.id], "from \(dLat), \(dLon)")
            // Haversine on the mean sphere: 0.001° of latitude is 111.195 m.
            if dLon == 0 { #expect(abs((found.first?.distance ?? 0) - 111.195) < 0.01) }
            #expect(
                Self.ids(found)
                    == Self.ids(try paths.reference.candidates(matching: "kulma", near: center, radius: 300)))
            #expect(try paths.cells.places(near: center, radius: 300).map(\.place.id) == [corner.id])
        }
    }

    @Test("a search across the antimeridian finds places on both sides")
    func antimeridian() throws {
        let directory = try TemporaryDirectory()
        let east = StoreFixtures.place(1, "Date Line Cafe", -16.5, 179.999)
        let west = StoreFixtures.place(2, "Date Line Bar", -16.5, -179.999, category: "bar")
        let far = StoreFixtures.place(3, "Date Line Far", -16.5, -179.9)
        let paths = Self.bothPaths(try StoreFixtures.store([east, west, far], in: directory))
        let center = Coordinate(uncheckedLatitude: -16.5, longitude: 180)
        let found = try paths.cells.candidates(matching: "date line", near: center, radius: 1_000)
        #expect(Set(found.map(\.place.id)) == [east.id, west.id])
        #expect(
            Self.ids(found)
                == Self.ids(
                    try paths.reference.candidates(matching: "date line", near: center, radius: 1_000)))
        let bars = try paths.cells.places(near: center, radius: 1_000, categories: ["bar"])
        #expect(bars.map(\.place.id) == [west.id])
        let region = BoundingBox(uncheckedSouth: -16.6, west: 179.99, north: -16.4, east: -179.99)
        #expect(
            Set(try paths.cells.candidates(matching: "date", in: region).map(\.place.id)) == [
                east.id, west.id,
            ])
    }

    @Test("a search at a pole reads every longitude")
    func poles() throws {
        let directory = try TemporaryDirectory()
        let north = (0..<8).map {
            StoreFixtures.place(Int64($0 + 1), "Pole Station \($0)", 89.998, Double($0) * 45 - 180)
        }
        let south = StoreFixtures.place(20, "Pole Station South", -90, 0)
        let paths = Self.bothPaths(try StoreFixtures.store(north + [south], in: directory))
        let top = Coordinate(uncheckedLatitude: 90, longitude: 0)
        // Every north place is 0.002° = 222.4 m from the pole.
        let found = try paths.cells.candidates(matching: "pole", near: top, radius: 300)
        #expect(found.count == 8)
        #expect(found.allSatisfy { abs(($0.distance ?? 0) - 222.39) < 0.01 })
        #expect(
            Self.ids(found)
                == Self.ids(try paths.reference.candidates(matching: "pole", near: top, radius: 300)))
        let bottom = Coordinate(uncheckedLatitude: -89.999, longitude: 120)
        #expect(
            try paths.cells.candidates(matching: "statoin", near: bottom, radius: 500).map(\.place.id) == [
                south.id
            ])
    }

    @Test(
        "random stores and queries give the same candidates through the cells as through the R*Tree",
        arguments: [7, 2024])
    func sameAsReference(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let vocabulary = [
            "kahvila", "regatta", "kirja", "kauppa", "ravintola", "sauna", "pizza", "tori", "apteekki",
            "helsinki", "ääni", "café",
        ]
        let categories = ["cafe", "bar", "restaurant", "pharmacy"]
        let centres = [(60.17, 24.94), (-33.87, 151.2), (0.0, 179.99), (64.0, -21.9)]
        var places: [Place] = []
        for index in 0..<3_000 {
            let centre = centres[index % centres.count]
            let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                vocabulary.randomElement(using: &rng) ?? ""
            }
            var longitude = centre.1 + Double.random(in: -0.04...0.04, using: &rng)
            if longitude > 180 { longitude -= 360 }
            places.append(
                StoreFixtures.place(
                    Int64(index + 1), words.joined(separator: " "),
                    centre.0 + Double.random(in: -0.02...0.02, using: &rng),
                    longitude, category: categories.randomElement(using: &rng) ?? "cafe",
                    alternativeNames: index % 7 == 0
                        ? ["Alt \(vocabulary.randomElement(using: &rng) ?? "")"] : [],
                    importance: Double.random(in: 0...1, using: &rng)))
        }
        let directory = try TemporaryDirectory()
        let paths = Self.bothPaths(try StoreFixtures.store(places, in: directory))
        let texts = [
            "kah", "kahvila", "kahvla", "regata", "ravintola sauna", "piza tori", "aani", "alt kir", "xyz",
            "cafe",
        ]
        var matches: [PlaceCandidate.Match: Int] = [:]
        var pooled = 0
        for round in 0..<60 {
            let centre = centres[round % centres.count]
            let center = Coordinate(
                uncheckedLatitude: centre.0 + Double.random(in: -0.02...0.02, using: &rng),
                longitude: min(180, centre.1 + Double.random(in: -0.02...0.02, using: &rng)))
            let text = texts[round % texts.count]
            let radius = [300.0, 1_500, 4_000][round % 3]
            let filter = round % 4 == 0 ? ["cafe", "bar"] : []
            let cells = try paths.cells.candidates(
                matching: text, near: center, radius: radius, categories: filter, limit: 40)
            let reference = try paths.reference.candidates(
                matching: text, near: center, radius: radius, categories: filter, limit: 40)
            #expect(Self.ids(cells) == Self.ids(reference), "\(text) at \(center) within \(radius) m")
            // Ranking pools decode from the cell records: the same places as the rows give.
            #expect(
                try paths.cells.candidates(
                    matching: text, near: center, radius: radius, categories: filter, limit: 40,
                    decoding: .light)
                    == paths.reference.candidates(
                        matching: text, near: center, radius: radius, categories: filter, limit: 40,
                        decoding: .light))
            #expect(
                try paths.cells.places(
                    near: center, radius: radius, categories: filter, limit: 30, decoding: .light)
                    == paths.reference.places(
                        near: center, radius: radius, categories: filter, limit: 30, decoding: .light))
            for candidate in reference { matches[candidate.match, default: 0] += 1 }
            // A name query's category pool read in the same pass: what the two separate reads give.
            let hinted = [["restaurant"], ["cafe", "bar"], ["pharmacy", "cafe"]][round % 3].filter {
                filter.isEmpty || filter.contains($0)
            }
            let fused = try paths.cells.candidates(
                matching: text, near: center, radius: radius, categories: filter, limit: 40,
                nearbyCategories: hinted, nearbyLimit: 12, decoding: .light)
            #expect(
                try fused.candidates
                    == paths.reference.candidates(
                        matching: text, near: center, radius: radius, categories: filter, limit: 40,
                        decoding: .light))
            let expectedNearby =
                hinted.isEmpty
                ? []
                : try paths.reference.places(
                    near: center, radius: radius, categories: hinted, limit: 12, decoding: .light)
            #expect(fused.nearby == expectedNearby, "\(text) with \(hinted) at \(center)")
            pooled += fused.nearby.count
            let nearbyCells = try paths.cells.places(
                near: center, radius: radius / 2, categories: filter, limit: 30)
            let nearbyReference = try paths.reference.places(
                near: center, radius: radius / 2, categories: filter, limit: 30)
            #expect(nearbyCells == nearbyReference)
            let region = try BoundingBox.around(center, radius: radius)
            #expect(
                try paths.cells.candidates(matching: text, in: region, limit: 25)
                    == paths.reference.candidates(matching: text, in: region, limit: 25))
        }
        // The comparison means something only if both passes found places.
        #expect(matches[.prefix, default: 0] > 200)
        #expect(matches[.fuzzy, default: 0] > 20)
        #expect(pooled > 100)
    }

    @Test(
        "alternative names written without escapes are read as JSONSerialization reads them; anything else is left to it",
        arguments: [
            (#"[]"#, true), (#"["Alt"]"#, true), (#"["Ääni","Café Regatta","東京"]"#, true), (#"[""]"#, true),
            (#"["",""]"#, true), (#"["a\/b"]"#, false), (#"["a\"b"]"#, false), (#"["a", "b"]"#, false),
            (#"["a",]"#, false), (#"[1]"#, false), (#"["a""#, false), (#"{"a":1}"#, false),
            ("[\"a\u{01}b\"]", false),
        ])
    func plainAlternativeNames(json: String, plain: Bool) throws {
        let bytes = ArraySlice(Array(json.utf8))
        let reference = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String]
        let fast = PlaceCellScan.plainStringArray(bytes)
        // Escapes, spaces, other shapes and bad bytes go to JSONSerialization, which decides.
        #expect((fast != nil) == plain, "\(json)")
        if let fast { #expect(fast == reference, "\(json)") }
    }

    @Test(
        "tags written without escapes are read as JSONSerialization reads them; anything else is left to it",
        arguments: [
            (#"{}"#, true), (#"{"amenity":"cafe"}"#, true),
            (#"{"cuisine":"coffee_shop","name:sv":"Kaffe Ä","website":"https://x.fi/a?b=1"}"#, true),
            (#"{"a":""}"#, true), (#"{"a":"1","a":"2"}"#, false), (#"{"a":"x\"y"}"#, false),
            (#"{"a": "b"}"#, false), (#"{"a":1}"#, false), (#"{"a":"b",}"#, false), (#"["a"]"#, false),
            (#"{"a""#, false), ("{\"a\":\"\u{7}\"}", false),
        ])
    func plainTags(json: String, plain: Bool) throws {
        let bytes = Array(json.utf8)
        let reference = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: String]
        let fast = bytes.withUnsafeBufferPointer(PlainJSON.stringObject)
        #expect((fast != nil) == plain, "\(json)")
        if let fast { #expect(fast == reference, "\(json)") }
    }

    @Test("a blob cut at any byte is refused with a typed error, never read past its end")
    func truncatedBlobs() throws {
        let entries = [
            PlaceCellEntry(
                rowid: 1, latitude: 60.1, longitude: 24.9, importance: 0.5, category: Array("cafe".utf8),
                searchText: Array(" cafe regatta".utf8), id: Array("node/1".utf8),
                name: Array("Café Regatta".utf8)),
            PlaceCellEntry(
                rowid: 9, latitude: -1, longitude: 179.5, category: [], searchText: [],
                alternativeNames: Array(#"["x"]"#.utf8)),
        ]
        let blob = PlaceCellCodec.encode(entries)
        // 1 format byte; 32 fixed bytes a record, then five counted strings (4 + bytes, NULL = 4):
        // (4 + 4) + (4 + 13) + (4 + 6) + (4 + 13, "é" is two bytes) + 4 = 56, and 4 · 4 + (4 + 5) = 25.
        #expect(blob.count == 1 + (32 + 56) + (32 + 25))
        #expect(try PlaceCellCodec.decode(blob, cell: 5) == entries)
        #expect(try PlaceCellCodec.decode(Array(blob.prefix(89)), cell: 5) == [entries[0]])
        #expect(try PlaceCellCodec.decode([PlaceCellCodec.version], cell: 5).isEmpty)
        for length in 0..<blob.count where length != 1 && length != 89 {
            let error = try #require(throws: PlaceStoreError.self) {
                try PlaceCellCodec.decode(Array(blob.prefix(length)), cell: 5)
            }
            guard case .corruptRow(let table, let id, _) = error.kind else {
                Issue.record("unexpected \(error)")
                continue
            }
            #expect(table == "place_cells" && id == "5")
        }
        var wrongFormat = blob
        wrongFormat[0] = 2
        #expect(throws: PlaceStoreError.self) { try PlaceCellCodec.decode(wrongFormat, cell: 5) }
        var badLatitude = blob
        withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) {
            badLatitude.replaceSubrange(9..<17, with: $0)
        }
        #expect(throws: PlaceStoreError.self) { try PlaceCellCodec.decode(badLatitude, cell: 5) }
        var hugeText = blob
        hugeText.replaceSubrange(41..<45, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: PlaceStoreError.self) { try PlaceCellCodec.decode(hugeText, cell: 5) }
        var nullCategory = blob
        nullCategory.replaceSubrange(33..<37, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let error = try #require(throws: PlaceStoreError.self) {
            try PlaceCellCodec.decode(nullCategory, cell: 5)
        }
        #expect(
            error.kind == .corruptRow(table: "place_cells", id: "5", detail: "category is NULL at byte 33"))
    }

    @Test("random bytes as a blob either decode or throw", arguments: [1, 2, 3])
    func randomBlobs(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            var blob = (0..<Int.random(in: 0...120, using: &rng)).map { _ in
                UInt8.random(in: 0...255, using: &rng)
            }
            if !blob.isEmpty, Bool.random(using: &rng) { blob[0] = PlaceCellCodec.version }
            if let entries = try? PlaceCellCodec.decode(blob, cell: 0) {
                #expect(PlaceCellCodec.encode(entries) == blob)
            }
        }
    }

    @Test("a corrupt cell in the file makes a centred search throw a typed error naming the cell")
    func corruptCellInFile() throws {
        let directory = try TemporaryDirectory()
        let place = StoreFixtures.place(1, "Kahvila", 60.17, 24.94)
        let path = try StoreFixtures.store([place], in: directory).path  // released: open stores lock the file
        let key = PlaceCellGrid.key(place.coordinate)
        _ = try PlaceStoreSchemaTests.sqlite(path, "UPDATE place_cells SET data = X'01FFFF' WHERE cell = \(key)")
        let store = try SQLitePlaceStore(path: path)
        let center = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
        let error = try #require(throws: PlaceStoreError.self) {
            try store.candidates(matching: "kahvila", near: center, radius: 500)
        }
        #expect(
            error.kind
                == .corruptRow(table: "place_cells", id: String(key), detail: "record cut short at byte 1"))
        #expect(error.path == store.path)
        #expect(throws: PlaceStoreError.self) { try store.places(near: center, radius: 500) }
    }

    @Test(
        "replacing a place moves it to its new cell; a version-1 file gets its cells when a writer opens it")
    func writerKeepsCellsCurrent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("moves.sqlite")
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert([
            StoreFixtures.place(1, "Muuttuva Kahvila", 60.17, 24.94),
            StoreFixtures.place(2, "Pysyvä", 60.17, 24.94),
        ])
        try writer.insert([StoreFixtures.place(1, "Muuttuva Kahvila", 61.5, 23.76)])
        try writer.finish()
        let helsinki = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
        let tampere = Coordinate(uncheckedLatitude: 61.5, longitude: 23.76)
        do {  // released before the file is edited below (an open store keeps it locked)
            let store = try SQLitePlaceStore(path: path)
            #expect(try store.candidates(matching: "muuttuva", near: helsinki, radius: 1_000).isEmpty)
            #expect(try store.candidates(matching: "muuttuva", near: tampere, radius: 1_000).count == 1)
            #expect(
                try store.places(near: helsinki, radius: 1_000).map(\.place.id) == [PlaceID(osm: .node, id: 2)])
        }

        // Make it a version-1 file: no cells, no record of v2 nor of v4 (which adds to the cells).
        _ = try PlaceStoreSchemaTests.sqlite(
            path, "DROP TABLE place_cells; DELETE FROM grdb_migrations WHERE identifier IN ('v2', 'v4')")
        let old = try #require(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: path) }
        guard case .incompatibleSchema = old.kind else {
            Issue.record("expected an incompatible schema, got \(old)")
            return
        }
        let upgrade = try PlaceStoreWriter(path: path)
        try upgrade.finish()
        let upgraded = try SQLitePlaceStore(path: path)
        #expect(try upgraded.candidates(matching: "pysyva", near: helsinki, radius: 1_000).count == 1)
        #expect(try upgraded.candidates(matching: "muuttuva", near: tampere, radius: 1_000).count == 1)
    }
}
