import Foundation
import OSMKit
import Testing

@Suite("OSM file formats are recognised from their first bytes")
struct OSMFileFormatTests {
    @Test("a PBF's first BlobHeader names OSMHeader or OSMData")
    func pbf() {
        let header: [UInt8] = [0, 0, 0, 13, 0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0x7C]
        #expect(OSMFileFormat(sniffing: header) == .pbf)
        let data: [UInt8] = [0, 0, 0, 13, 0x0A, 7] + Array("OSMData".utf8) + [0x18, 0x7C]
        #expect(OSMFileFormat(sniffing: data) == .pbf)
    }

    @Test("XML with or without a declaration, byte-order mark or leading space")
    func xml() {
        #expect(OSMFileFormat(sniffing: Array("<?xml version='1.0'?><osm>".utf8)) == .xml)
        #expect(OSMFileFormat(sniffing: [0xEF, 0xBB, 0xBF] + Array("\n <osm version=\"0.6\">".utf8)) == .xml)
    }

    @Test("text, a JPEG header, an empty file and a bad blob type are neither")
    func neither() {
        #expect(OSMFileFormat(sniffing: Array("Some notes about Monaco".utf8)) == nil)
        #expect(OSMFileFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE1, 0x2A, 0x2B, 0x45, 0x78]) == nil)
        #expect(OSMFileFormat(sniffing: [UInt8]()) == nil)
        #expect(OSMFileFormat(sniffing: [0, 0, 0, 13, 0x0A, 9] + Array("NotHeader".utf8)) == nil)
    }
}
