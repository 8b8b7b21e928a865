import Testing

@testable import OSMKit

@Suite("PBF decoding of hand-built files")
struct PBFDecodingTests {
    private func elements(_ bytes: [UInt8], inFlight: Int = 4) throws -> [OSMBlock] {
        var reader = PBFReader(bytes: bytes)
        reader.maximumBlocksInFlight = inFlight
        var blocks: [OSMBlock] = []
        try reader.forEachBlock { blocks.append($0) }
        return blocks
    }

    @Test("decodes dense nodes with delta coding, granularity, offsets and keys_vals")
    func denseNodes() throws {
        let block = PBFTestFile.primitiveBlock(
            strings: ["", "amenity", "cafe", "name", "Kahvila"], granularity: 1_000,
            latOffset: 60_000_000_000, lonOffset: 24_000_000_000
        ) { group in
            group.message(2) { dense in
                dense.packedDelta(1, [100, 101, 99])
                dense.packedDelta(8, [170_000, 170_001, -60_000_000])
                dense.packedDelta(9, [950_000, 949_999, 156_000_000])
                dense.message(5) { info in info.packed(1, [1, 2, 3]) }
                dense.packed(10, [0, 1, 2, 3, 4, 0, 3, 3, 0])
            }
        }
        let nodes = try #require(try elements(PBFTestFile.file(blocks: [block])).first).nodes
        #expect(nodes.map(\.id) == [100, 101, 99])
        #expect(nodes[0].latitude == 60.17 && nodes[0].longitude == 24.95)
        #expect(nodes[1].latitude == 60.170001 && nodes[1].longitude == 24.949999)
        #expect(nodes[2].latitude == 0 && nodes[2].longitude == 180)
        #expect(nodes[0].tags.isEmpty)
        #expect(nodes[1].tags == ["amenity": "cafe", "name": "Kahvila"])
        #expect(nodes[1].tags["name"] == "Kahvila" && nodes[1].tags["shop"] == nil)
        #expect(nodes[2].tags == ["name": "name"])
    }

    @Test("decodes a plain node, a way with delta refs and a relation with typed members and roles")
    func wayAndRelation() throws {
        let block = PBFTestFile.primitiveBlock(strings: [
            "", "highway", "primary", "outer", "inner", "type", "multipolygon",
        ]) { group in
            group.message(1) { node in
                node.sint(1, -5)
                node.packed(2, [1])
                node.packed(3, [2])
                node.sint(8, -338_000_000)
                node.sint(9, 1_515_000_000)
            }
            group.message(3) { way in
                way.int(1, 4_000_000_000)
                way.packed(2, [1])
                way.packed(3, [2])
                way.message(4) { $0.int(1, 3) }
                way.packedDelta(8, [10, 12, 11, 3_000_000_000, 10])
                way.packedSigned(9, [1, 2, 3, 4, 5])
                way.packedSigned(10, [1, 2, 3, 4, 5])
            }
            group.message(4) { relation in
                relation.int(1, 77)
                relation.packed(2, [5])
                relation.packed(3, [6])
                relation.packed(8, [3, 4, 0])
                relation.packedDelta(9, [4_000_000_000, 8, -5])
                relation.packed(10, [1, 1, 0])
            }
        }
        let all = try #require(try elements(PBFTestFile.file(blocks: [block])).first)
        #expect(
            all.nodes == [OSMNode(id: -5, latitude: -33.8, longitude: 151.5, tags: ["highway": "primary"])])
        #expect(
            all.ways == [
                OSMWay(
                    id: 4_000_000_000, nodeIDs: [10, 12, 11, 3_000_000_000, 10], tags: ["highway": "primary"])
            ])
        #expect(
            all.relations == [
                OSMRelation(
                    id: 77,
                    members: [
                        OSMMember(type: .way, ref: 4_000_000_000, role: "outer"),
                        OSMMember(type: .way, ref: 8, role: "inner"),
                        OSMMember(type: .node, ref: -5, role: ""),
                    ], tags: ["type": "multipolygon"])
            ])
    }

    @Test("reads raw and zlib blobs to the same elements")
    func rawAndZlib() throws {
        let block = PBFTestFile.denseBlock(
            ids: Array(1...500), lats: (1...500).map { $0 * 1_000 }, lons: (1...500).map { -$0 })
        let raw = try elements(PBFTestFile.file(blocks: [block], zlib: false))
        let zlib = try elements(PBFTestFile.file(blocks: [block], zlib: true))
        #expect(raw == zlib)
        #expect(raw.first?.nodes.count == 500)
        #expect(raw.first?.nodes.last?.longitude == -0.00005)
    }

    @Test("exposes the header's bounding box, program and features")
    func header() throws {
        let header = PBFTestFile.headerBlock(
            required: ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"],
            optional: ["Sort.Type_then_ID"],
            program: "osmium/1.15.0",
            bbox: (left: 7_349_000_000, right: 7_491_000_000, top: 43_770_000_000, bottom: 43_710_000_000))
        let parsed = try PBFReader(bytes: PBFTestFile.file(header: header, blocks: [], zlib: true)).header()
        #expect(parsed.writingProgram == "osmium/1.15.0")
        #expect(parsed.optionalFeatures == ["Sort.Type_then_ID"])
        #expect(parsed.requiredFeatures.count == 3)
        #expect(
            parsed.boundingBox
                == OSMBoundingBox(
                    minLatitude: 43.71, minLongitude: 7.349, maxLatitude: 43.77, maxLongitude: 7.491))
    }

    @Test("delivers many blocks in file order whatever the concurrency", arguments: [1, 2, 3, 16])
    func order(inFlight: Int) throws {
        let blocks = (0..<40).map { index in
            let base = Int64(index * 1_000)
            return PBFTestFile.denseBlock(
                ids: (0..<Int64(200 + index * 37)).map { base + $0 },
                lats: [Int64](repeating: 1, count: 200 + index * 37),
                lons: [Int64](repeating: 2, count: 200 + index * 37))
        }
        let decoded = try elements(PBFTestFile.file(blocks: blocks, zlib: true), inFlight: inFlight)
        #expect(decoded.map(\.index) == Array(0..<40))
        #expect(decoded.map(\.blobIndex) == Array(1...40))
        #expect(decoded.map { $0.nodes.first?.id } == (0..<40).map { Int64($0 * 1_000) })
    }

    @Test("skips blobs of unknown type and computes statistics")
    func unknownBlobAndStatistics() throws {
        let block = PBFTestFile.denseBlock(
            ids: [3, 1, 2], lats: [10, 20, 30], lons: [-10, -20, -30], keysVals: [1, 1, 0, 0, 0],
            strings: ["", "a"])
        let bytes =
            PBFTestFile.file(blocks: [block]) + PBFTestFile.frame(type: "FutureThing", blob: [1, 2, 3])
        let statistics = try OSMFileStatistics.read(pbf: PBFReader(bytes: bytes))
        #expect(statistics.nodeCount == 3 && statistics.taggedNodeCount == 1 && statistics.nodeTagCount == 1)
        #expect(statistics.nodeIDRange == 1...3)
        #expect(statistics.blobCount == 3 && statistics.dataBlockCount == 1)
        #expect(
            statistics.nodeBounds
                == OSMBoundingBox(
                    minLatitude: 0.000001, minLongitude: -0.000003, maxLatitude: 0.000003,
                    maxLongitude: -0.000001))
    }
}
