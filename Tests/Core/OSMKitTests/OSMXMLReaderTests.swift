import Foundation
import LociTestSupport
import Testing

@testable import OSMKit

@Suite("OSM XML reader")
struct OSMXMLReaderTests {
    private func read(_ xml: String) throws(OSMError) -> OSMXMLDocument {
        try OSMXMLReader(data: Data(xml.utf8)).read()
    }

    private func failure(_ xml: String) -> OSMError? {
        do throws(OSMError) {
            _ = try read(xml)
            return nil
        } catch {
            return error
        }
    }

    private let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
          <bounds minlat="60.1" minlon="24.9" maxlat="60.2" maxlon="25.0"/>
          <node id="1" lat="60.1700000" lon="24.9400000" version="3">
            <tag k="amenity" v="cafe"/>
            <tag k="name" v="Caf&#233; &amp; Co"/>
          </node>
          <node id="-2" lat="-89.5" lon="180"/>
          <way id="10">
            <nd ref="1"/><nd ref="-2"/><nd ref="1"/>
            <tag k="highway" v="service"/>
          </way>
          <relation id="100">
            <member type="way" ref="10" role="outer"/>
            <member type="node" ref="1"/>
            <member type="relation" ref="5" role=""/>
            <tag k="type" v="multipolygon"/>
          </relation>
          <changeset id="9"><tag k="comment" v="ignored"/></changeset>
        </osm>
        """

    @Test("reads nodes, ways, relations, tags, bounds and generator")
    func validFile() throws {
        let document = try read(valid)
        #expect(document.generator == "hand")
        #expect(
            document.bounds
                == OSMBoundingBox(
                    minLatitude: 60.1, minLongitude: 24.9, maxLatitude: 60.2, maxLongitude: 25.0))
        #expect(
            document.block.nodes == [
                OSMNode(
                    id: 1, latitude: 60.17, longitude: 24.94, tags: ["amenity": "cafe", "name": "Café & Co"]),
                OSMNode(id: -2, latitude: -89.5, longitude: 180),
            ])
        #expect(document.block.ways == [OSMWay(id: 10, nodeIDs: [1, -2, 1], tags: ["highway": "service"])])
        #expect(
            document.block.relations == [
                OSMRelation(
                    id: 100,
                    members: [
                        OSMMember(type: .way, ref: 10, role: "outer"),
                        OSMMember(type: .node, ref: 1, role: ""),
                        OSMMember(type: .relation, ref: 5, role: ""),
                    ], tags: ["type": "multipolygon"])
            ])
        var statistics = OSMFileStatistics()
        statistics.add(document.block)
        #expect(statistics.tagCount == 4 && statistics.taggedNodeCount == 1)
    }

    @Test("reports malformed XML with a line number")
    func malformed() throws {
        let error = try #require(
            failure("<osm version=\"0.6\">\n<node id=\"1\" lat=\"1\" lon=\"2\">\n</way>\n</osm>"))
        guard case .xmlSyntax = error.kind else {
            Issue.record("expected xmlSyntax, got \(error)")
            return
        }
        #expect(error.line == 3)
        #expect(failure("")?.kind != nil)
        #expect(failure("<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"2\">")?.line != nil)
    }

    @Test(
        "names the line, element and attribute of missing or invalid attributes",
        arguments: [
            ("<node id=\"1\" lon=\"2\"/>", OSMError.Kind.missingAttribute(element: "node", attribute: "lat")),
            (
                "<node id=\"x1\" lat=\"1\" lon=\"2\"/>",
                .invalidAttribute(element: "node", attribute: "id", value: "x1")
            ),
            (
                "<node id=\"1\" lat=\"95\" lon=\"2\"/>",
                .invalidAttribute(element: "node", attribute: "lat", value: "95")
            ),
            (
                "<node id=\"1\" lat=\"1\" lon=\"nan\"/>",
                .invalidAttribute(element: "node", attribute: "lon", value: "nan")
            ),
            ("<way id=\"1\"><nd/></way>", .missingAttribute(element: "nd", attribute: "ref")),
            (
                "<way id=\"99999999999999999999\"/>",
                .invalidAttribute(element: "way", attribute: "id", value: "99999999999999999999")
            ),
            (
                "<relation id=\"1\"><member type=\"area\" ref=\"1\"/></relation>",
                .invalidAttribute(element: "member", attribute: "type", value: "area")
            ),
            (
                "<node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\"/></node>",
                .missingAttribute(element: "tag", attribute: "v")
            ),
        ])
    func badAttributes(element: String, expected: OSMError.Kind) throws {
        let error = try #require(failure("<osm version=\"0.6\">\n\n" + element + "\n</osm>"))
        #expect(error.kind == expected)
        #expect(error.line == 3)
        #expect(error.description.contains("line 3"))
    }

    @Test("refuses other OSM XML versions, stray children and documents without <osm>")
    func structure() throws {
        #expect(failure("<osm version=\"0.5\"/>")?.kind == .unsupportedVersion("0.5"))
        #expect(failure("<osm><nd ref=\"1\"/></osm>")?.kind == .xmlSyntax("<nd> outside <way>"))
        #expect(failure("<gpx/>")?.kind == .xmlSyntax("document has no <osm> root element"))
    }

    @Test(
        "refuses input that crashed Foundation's XMLParser under the fuzzer, naming line, column and byte",
        arguments: [
            // <osm><n\xDD/></osm>: invalid UTF-8 in an element name
            (Data([0x3C, 0x6F, 0x73, 0x6D, 0x3E, 0x3C, 0x6E, 0xDD, 0x2F, 0x3E]), "invalid UTF-8", 1, 8, 7),
            (Data([0x3C, 0x21, 0x2D, 0x2D, 0xDD, 0x2D, 0x2D, 0x3E]), "invalid UTF-8", 1, 5, 4),  // <!--\xDD-->
            (Data("<?a?><osm/>".utf8), "processing instruction <?a…?> is not allowed", 1, 1, 0),
            (
                Data("<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n<?pi?></osm>".utf8),
                "processing instruction <?pi…?> is not allowed", 3, 1, 42
            ),
        ] as [(Data, String, Int, Int, Int)])
    func fuzzerFindings(bytes: Data, message: String, line: Int, column: Int, offset: Int) throws {
        do throws(OSMError) {
            _ = try OSMXMLReader(data: bytes).read()
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .xmlSyntax(message))
            #expect(error.line == line && error.column == column && error.fileOffset == offset)
        }
    }

    @Test("refuses the committed fuzzer reproducers in Fuzz/repro with a typed error")
    func reproducerFiles() throws {
        let folder = Repository.file("Fuzz/repro")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".osm")
        }
        #expect(names.count >= 3)
        for name in names {
            #expect(throws: OSMError.self, "\(name)") {
                try OSMXMLReader(url: folder.appendingPathComponent(name)).read()
            }
        }
    }

    @Test("names a file it cannot open")
    func missingFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "osmkit-missing-\(UUID().uuidString).osm")
        #expect(throws: OSMError(.io("cannot open \(path.path): No such file or directory"))) {
            try OSMXMLReader(url: path).read()
        }
    }

    @Test("names the position of the offending element and refuses DOCTYPEs")
    func positions() throws {
        let error = try #require(failure("<osm version=\"0.6\">\n  <node id=\"1\" lat=\"1\"/>\n</osm>"))
        #expect(error.kind == .missingAttribute(element: "node", attribute: "lon"))
        #expect(error.line == 2 && error.column == 3 && error.fileOffset == 22)
        #expect(error.description == "line 2, column 3 (byte 22): <node> is missing attribute 'lon'")
        let doctype = try #require(failure("<!DOCTYPE osm [<!ENTITY a \"b\">]><osm/>"))
        #expect(doctype.kind == .xmlSyntax("<!DOCTYPE> is not allowed (no DTDs, no entity declarations)"))
        #expect(try #require(failure("<osm version=\"0.6\"/>\n<osm/>")).line == 2)
    }

    @Test("reads a real extract: counts, ids and bounds as osmium and expat report them")
    func realExtract() throws {
        let url = try #require(
            Bundle.module.url(forResource: "monaco-centre", withExtension: "osm", subdirectory: "Fixtures"))
        let statistics = try OSMFileStatistics.read(url: url)
        // osmium fileinfo -e: nodes, ways, relations, id ranges, bbox; tag counts from Python's expat.
        #expect(statistics.nodeCount == 3677 && statistics.wayCount == 594 && statistics.relationCount == 3)
        #expect(statistics.nodeIDRange == 21_917_628...3_645_984_158)
        #expect(statistics.wayIDRange == 24_668_403...357_172_855)
        #expect(statistics.relationIDRange == 1_369_192...1_369_196)
        #expect(statistics.taggedNodeCount == 19)
        #expect(
            statistics.nodeTagCount == 33 && statistics.wayTagCount == 1292
                && statistics.relationTagCount == 3)
        #expect(statistics.wayNodeCount == 4865 && statistics.relationMemberCount == 6)
        let bounds = try #require(statistics.nodeBounds)
        #expect(bounds.minLongitude == 7.416999 && bounds.maxLongitude == 7.422996)
        #expect(bounds.minLatitude == 43.739399 && bounds.maxLatitude == 43.7453449)
        let document = try OSMXMLReader(data: Data(contentsOf: url)).read()
        #expect(document.generator == "osmium/1.15.0")
        #expect(document.block.nodes.count == 3677)
    }

    @Test("reads a file from disk and computes its statistics by extension")
    func fromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "osmkit-\(UUID().uuidString).osm")
        try Data(valid.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let statistics = try OSMFileStatistics.read(url: url)
        #expect(statistics.nodeCount == 2 && statistics.wayCount == 1 && statistics.relationCount == 1)
        #expect(statistics.nodeIDRange == -2...1)
    }
}
