import Foundation
import LociTestSupport
import Testing

@testable import OSMKit

/// The shared real OSM extracts (`osm/` under the shared data folder; see `LociTestSupport.SharedData`).
enum SharedExtracts {
    static let folder: URL = SharedData.url("osm")

    static let extracts = [
        "baltimore.osm.pbf", "helsinki.osm.pbf", "monaco.osm.pbf",
        "nyc-lower-east-side.osm.pbf", "nyc-west-village.osm.pbf",
    ]

    static var isAvailable: Bool { SharedData.has(extracts.map { "osm/" + $0 }) }

    static let missingMessage = Comment(
        rawValue: SharedData.missingMessage("the OSM extracts (osm/*.osm.pbf)"))

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(name))) }
}

/// Expected numbers from osmium (Fixtures/osmium-fileinfo.json).
struct OsmiumFacts: Decodable, Sendable {
    var nodes: Int
    var ways: Int
    var relations: Int
    var taggedNodes: Int
    var nodeTags: Int
    var wayTags: Int
    var relationTags: Int
    var bbox: [Double]
    var minNodeID: Int64
    var maxNodeID: Int64
    var minWayID: Int64
    var maxWayID: Int64
    var minRelationID: Int64
    var maxRelationID: Int64
    var generator: String?

    private struct File: Decodable {
        var files: [String: OsmiumFacts]
    }

    static func load() throws -> [String: OsmiumFacts] {
        let url = try #require(
            Bundle.module.url(forResource: "osmium-fileinfo", withExtension: "json", subdirectory: "Fixtures")
        )
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).files
    }
}

/// Splits a PBF file into frames, independently of the reader: (start, end) byte offsets.
func pbfFrames(_ bytes: [UInt8]) throws -> [(start: Int, end: Int)] {
    var frames: [(start: Int, end: Int)] = []
    var offset = 0
    while offset < bytes.count {
        let headerSize = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let dataSize: Int = try Array(bytes[offset + 4..<offset + 4 + headerSize]).withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            var size = 0
            while let field = try reader.nextField() {
                if field.number == 3 { size = Int(try reader.int32(field)) } else { try reader.skip(field) }
            }
            return size
        }
        let end = offset + 4 + headerSize + dataSize
        frames.append((offset, end))
        offset = end
    }
    return frames
}

/// Re-frames every blob of a PBF file uncompressed, so that byte flips land in protobuf, not zlib.
func rawified(_ bytes: [UInt8]) throws -> [UInt8] {
    var scanner = PBFBlobScanner(source: PBFByteSource(bytes: bytes))
    var output: [UInt8] = []
    while let raw = try scanner.next() {
        let payload = try raw.withPayload { buffer throws(OSMError) in Array(buffer) }
        output += PBFTestFile.frame(type: raw.type, blob: PBFTestFile.rawBlob(payload))
    }
    return output
}
