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
