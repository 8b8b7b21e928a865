import Foundation
import Testing

@testable import OSMKit

@Suite(
    "Real OSM extracts against osmium",
    .enabled(if: SharedExtracts.isAvailable, SharedExtracts.missingMessage))
struct RealExtractTests {
    @Test("counts nodes, ways, relations and tags exactly as osmium does", arguments: SharedExtracts.extracts)
    func matchesOsmium(file: String) throws {
        let expected = try #require(try OsmiumFacts.load()[file])
        let statistics = try OSMFileStatistics.read(url: SharedExtracts.url(file))
        #expect(statistics.nodeCount == expected.nodes)
        #expect(statistics.wayCount == expected.ways)
        #expect(statistics.relationCount == expected.relations)
        #expect(statistics.taggedNodeCount == expected.taggedNodes)
        #expect(statistics.nodeTagCount == expected.nodeTags)
        #expect(statistics.wayTagCount == expected.wayTags)
        #expect(statistics.relationTagCount == expected.relationTags)
        #expect(statistics.nodeIDRange == expected.minNodeID...expected.maxNodeID)
        #expect(statistics.wayIDRange == expected.minWayID...expected.maxWayID)
        #expect(statistics.relationIDRange == expected.minRelationID...expected.maxRelationID)
        let bounds = try #require(statistics.nodeBounds)
        #expect(
            [bounds.minLongitude, bounds.minLatitude, bounds.maxLongitude, bounds.maxLatitude]
                == expected.bbox)
        #expect(statistics.header?.writingProgram == expected.generator)
        #expect(statistics.dataBlockCount > 0 && statistics.blobCount == statistics.dataBlockCount + 1)
    }

    @Test("decodes identically with one block in flight, many in flight, and from uncompressed blobs")
    func deterministic() throws {
        let bytes = try SharedExtracts.bytes("nyc-lower-east-side.osm.pbf")
        var sequential = PBFReader(bytes: bytes)
        sequential.maximumBlocksInFlight = 1
        var parallel = PBFReader(bytes: bytes)
        parallel.maximumBlocksInFlight = 8
        let expected = try sequential.readAll()
        #expect(try parallel.readAll() == expected)
        #expect(try PBFReader(bytes: rawified(bytes)).readAll() == expected)
        #expect(try PBFReader(url: SharedExtracts.url("nyc-lower-east-side.osm.pbf")).readAll() == expected)
        // A decoded-bytes budget smaller than any block still admits one block at a time.
        var budgeted = PBFReader(bytes: bytes)
        budgeted.maximumDecodedBytesInFlight = 1
        #expect(try budgeted.readAll() == expected)
    }

    @Test("yields well-formed elements: closed ways repeat their first node, members reference known types")
    func elementShapes() throws {
        let all = try PBFReader(url: SharedExtracts.url("helsinki.osm.pbf")).readAll()
        #expect(all.ways.allSatisfy { !$0.nodeIDs.isEmpty })
        #expect(
            all.ways.contains {
                $0.nodeIDs.count > 2 && $0.nodeIDs.first == $0.nodeIDs.last && $0.tags["building"] != nil
            })
        #expect(
            all.relations.contains {
                $0.members.contains { $0.role == "outer" } && $0.tags["type"] == "multipolygon"
            })
        #expect(all.nodes.allSatisfy { abs($0.latitude - 60.17) < 0.1 && abs($0.longitude - 24.94) < 0.1 })
    }

    @Test("exposes the header of every extract", arguments: SharedExtracts.extracts)
    func header(file: String) throws {
        let header = try PBFReader(url: SharedExtracts.url(file)).header()
        #expect(header.requiredFeatures.contains("OsmSchema-V0.6"))
        #expect(header.requiredFeatures.contains("DenseNodes"))
        let box = try #require(header.boundingBox)
        #expect(box.minLatitude < box.maxLatitude && box.minLongitude < box.maxLongitude)
    }
}
