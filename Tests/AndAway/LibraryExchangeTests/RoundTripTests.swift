import Foundation
import LibraryKit
import LibraryStore
import Testing

@testable import LibraryExchange

@Suite("Export and import round trips")
struct RoundTripTests {
    static let now = Date(timeIntervalSince1970: 1_795_400_000)

    @Test("Every format gives back the identical library", arguments: ExchangeFormat.allCases)
    func roundTrip(format: ExchangeFormat) throws {
        let library = SampleLibrary.library
        let bytes = LibraryExchange.export(library, format: format)
        let back = try LibraryExchange.read(bytes, format: format, now: Self.now)
        #expect(back == library)
        #expect(back.bookmarks.count == 4 && back.lists.count == 2 && back.history.count == 2)
        // And a second generation is byte-identical.
        #expect(LibraryExchange.export(back, format: format) == bytes)
    }

    @Test(
        "Export → import into a new store → export gives the identical library",
        arguments: ExchangeFormat.allCases)
    func throughStore(format: ExchangeFormat) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = try LibraryStore(
            path: folder.appendingPathComponent("a.sqlite").path, replicaID: "A", now: { Self.now })
        _ = try first.importLibrary(SampleLibrary.library)
        let file = folder.appendingPathComponent("library.\(format.rawValue)").path
        try LibraryExchange.export(try first.library(), format: format, to: file)
        let second = try LibraryStore(
            path: folder.appendingPathComponent("b.sqlite").path, replicaID: "B", now: { Self.now })
        let summary = try second.importLibrary(try LibraryExchange.read(path: file, now: Self.now))
        #expect(summary.added == 8)
        #expect(try second.library() == first.library())
        #expect(try first.library() == SampleLibrary.library)
    }

    @Test("One list exports with only its bookmarks")
    func oneList() throws {
        let only = SampleLibrary.library.restricted(toList: "to-try")
        let back = try LibraryExchange.read(
            LibraryExchange.export(only, format: .gpx), format: .gpx, now: Self.now)
        #expect(back.bookmarks.map(\.id) == ["b-pasta"])
        #expect(back.bookmarks[0].lists == ["to-try"])
        #expect(back.lists.map(\.id) == ["to-try"])
    }

    @Test("Text with markup characters is escaped in XML, quoted in CSV")
    func escaping() {
        let kml = String(decoding: LibraryExchange.export(SampleLibrary.library, format: .kml), as: UTF8.self)
        #expect(kml.contains("<name>Trattoria &amp; Bar \"Roma\"</name>"))
        #expect(kml.contains("name=\"Restaurants &quot;to&quot; try, &lt;soon&gt; &amp; later\""))
        let csv = String(decoding: LibraryExchange.export(SampleLibrary.library, format: .csv), as: UTF8.self)
        #expect(csv.contains("\"Trattoria & Bar \"\"Roma\"\"\""))
    }
}

@Suite("Files from other tools")
struct ForeignFileTests {
    static let now = Date(timeIntervalSince1970: 1_795_400_000)

    @Test("A My Maps style KML (bare-date times, folders, a line) imports its points as custom bookmarks")
    func kml() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Trip</name><Folder><name>Food</name>
            <Placemark><name>Löyly</name><description>Sauna &amp; food</description><TimeStamp><when>2024-05</when></TimeStamp>
            <Point><coordinates> 24.9295,60.1521,0 </coordinates></Point></Placemark>
            <Placemark><name>Route</name><LineString><coordinates>24.9,60.1 25.0,60.2</coordinates></LineString></Placemark>
            </Folder></Document></kml>
            """
        let library = try LibraryExchange.read(Array(text.utf8), format: .kml, now: Self.now)
        let bookmark = try #require(library.bookmarks.first)
        #expect(library.bookmarks.count == 1)
        #expect(
            bookmark.name == "Löyly" && bookmark.note == "Sauna & food" && bookmark.place.provider == .custom)
        #expect(bookmark.coordinate?.latitude == 60.1521 && bookmark.coordinate?.longitude == 24.9295)
        #expect(bookmark.created == LibraryTime.rounded(Self.now))
        // Importing the same file again gives the same ids (no duplicates).
        #expect(
            try LibraryExchange.read(Array(text.utf8), format: .kml, now: Self.now).bookmarks.map(\.id) == [
                bookmark.id
            ])
    }

    @Test("A spreadsheet CSV with name, latitude, longitude and extra columns imports")
    func csv() throws {
        let text =
            "Name,Latitude,Longitude,Note,Rating\r\n\"Cafe, Regatta\",60.1833,24.9125,buns,5\r\nAteneum,60.1703,24.9442,,4\r\n"
        let library = try LibraryExchange.read(Array(text.utf8), format: .csv, now: Self.now)
        #expect(library.bookmarks.map(\.name).sorted() == ["Ateneum", "Cafe, Regatta"])
        #expect(library.bookmarks.first { $0.name == "Cafe, Regatta" }?.note == "buns")
    }
}
