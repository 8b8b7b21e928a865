import Foundation
import LibraryKit
import LibraryStore
import Testing

@testable import LibraryExchange

@Suite("Hostile and broken imports")
struct HostileInputTests {
    static let now = Date(timeIntervalSince1970: 1_795_400_000)

    static func refused(_ text: String, _ format: ExchangeFormat) -> LibraryError? {
        do {
            _ = try LibraryExchange.read(Array(text.utf8), format: format, now: now)
            return nil
        } catch { return error }
    }

    @Test(
        "An XML bomb (entity expansion) is refused at the DOCTYPE, before any expansion",
        arguments: [ExchangeFormat.kml, .gpx])
    func billionLaughs(format: ExchangeFormat) throws {
        let root = format == .kml ? "kml" : "gpx"
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE \(root) [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <\(root)>&c;</\(root)>
            """
        let error = try #require(Self.refused(bomb, format))
        #expect(error.description.contains("DOCTYPE") || error.description.contains("DTD"), "\(error)")
        #expect(error.location?.contains("line 2") == true, "\(error)")
    }

    @Test("External entities and undefined entities are refused")
    func externalEntity() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <gpx><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """
        #expect(Self.refused(text, .gpx) != nil)
        #expect(Self.refused("<gpx><wpt lat=\"1\" lon=\"2\"><name>&x;</name></wpt></gpx>", .gpx) != nil)
    }

    @Test("A huge field is refused naming where, in every format")
    func hugeFields() throws {
        let big = String(repeating: "x", count: 300_000)
        let csv = Self.refused("type,id,name\nlist,l1,\(big)\n", .csv)
        #expect(csv?.location == "line 2", "\(String(describing: csv))")
        #expect(Self.refused("<gpx><wpt lat=\"1\" lon=\"2\"><name>\(big)</name></wpt></gpx>", .gpx) != nil)
        let note = String(repeating: "y", count: 20_000)
        let json = Self.refused(
            """
            {"format":"loci-library","version":1,"lists":[],"history":[],"preferences":{"nameQuery":{"distance":0.25,"popularity":0.2,"queryRelevance":0.3,"categoryMatch":0.15,"businessStatus":0.05,"dataCompleteness":0.05},"categoryQuery":{"distance":0.25,"popularity":0.2,"queryRelevance":0.3,"categoryMatch":0.15,"businessStatus":0.05,"dataCompleteness":0.05}},
             "bookmarks":[{"id":"b","provider":"local","placeId":"osm:node/1","name":"n","note":"\(note)","tags":[],"lists":[],"created":"2026-01-01T00:00:00Z"}]}
            """, .json)
        #expect(json?.location == "bookmark 'b' note", "\(String(describing: json))")
    }

    @Test("Wrong types are refused naming the field")
    func wrongTypes() throws {
        let json = Self.refused(
            #"{"format":"loci-library","version":1,"bookmarks":[{"id":7}],"lists":[],"history":[]}"#, .json)
        #expect(json?.location == "bookmarks[0].id", "\(String(describing: json))")
        let csv = Self.refused(
            "type,id,name,provider,place_id,latitude,longitude,created\nbookmark,b1,Cafe,local,osm:node/1,north,24,2026-01-01T00:00:00Z\n",
            .csv)
        #expect(csv?.location == "line 2 latitude", "\(String(describing: csv))")
        let gpx = Self.refused(#"<gpx><wpt lat="91" lon="24"><name>x</name></wpt></gpx>"#, .gpx)
        #expect(gpx?.location == "line 1", "\(String(describing: gpx))")
        let kml = Self.refused(
            "<kml><Placemark><name>x</name><Point><coordinates>abc</coordinates></Point></Placemark></kml>",
            .kml)
        #expect(kml != nil)
        #expect(
            Self.refused(
                #"{"format":"something-else","version":1,"bookmarks":[],"lists":[],"history":[]}"#, .json)
                != nil)
    }

    @Test(
        "Broken syntax is refused with a position",
        arguments: [
            ("<gpx><wpt lat=\"1\" lon=\"2\"></gpx>", ExchangeFormat.gpx), ("<kml><Document>", .kml),
            ("{\"format\": ", .json),
            ("type,id,name\nlist,\"l1,Food\n", .csv), ("type,id,name\nlist,l1\"x\",Food\n", .csv), ("", .csv),
            ("<gpx>\u{1}</gpx>", .gpx), ("<html/>", .gpx),
        ])
    func syntax(text: String, format: ExchangeFormat) {
        #expect(Self.refused(text, format) != nil)
    }

    @Test("Invalid UTF-8 is refused")
    func invalidUTF8() {
        var bytes = Array("type,id,name,created\nlist,l1,Caf".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(",2026-01-01T00:00:00Z\n".utf8)
        #expect(throws: LibraryError.self) {
            _ = try LibraryExchange.read(bytes, format: .csv, now: Self.now)
        }
        #expect(throws: LibraryError.self) {
            _ = try LibraryExchange.read(
                Array("<gpx>".utf8) + [0xFF] + Array("</gpx>".utf8), format: .gpx, now: Self.now)
        }
    }

    @Test("A bookmark naming a list the file does not have is refused")
    func danglingList() {
        var library = SampleLibrary.library
        library.lists.removeAll { $0.id == "to-try" }
        let error = Self.refused(
            String(decoding: LibraryExchange.export(library, format: .json), as: UTF8.self), .json)
        #expect(error?.location == "bookmark 'b-pasta' lists")
    }

    @Test("A refused import leaves the store exactly as it was")
    func storeUnchanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try LibraryStore(
            path: folder.appendingPathComponent("a.sqlite").path, replicaID: "A", now: { Self.now })
        _ = try store.importLibrary(SampleLibrary.library)
        let before = try store.library()
        let token = try store.changes(since: .start).token
        // A file whose last record is bad: nothing before it may land.
        var text = String(
            decoding: LibraryExchange.export(SampleLibrary.library, format: .csv), as: UTF8.self)
        text += "bookmark,zz,Late,local,osm:node/9,95,24,,,,,2026-01-01T00:00:00.000Z,,\r\n"
        let file = folder.appendingPathComponent("bad.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: LibraryError.self) {
            _ = try store.importLibrary(try LibraryExchange.read(path: file, now: Self.now))
        }
        #expect(try store.library() == before)
        #expect(try store.changes(since: .start).token == token)
    }
}
