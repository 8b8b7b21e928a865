import Foundation
import GeoKit
import LociTestSupport
import RoutingKit
import Testing

@Suite(
    "Road graph cache",
    .enabled(
        if: SharedData.has(Extracts.westVillagePath),
        Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
struct RoadGraphCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "roadgraph-\(UUID().uuidString)")
    let fingerprint = SourceFingerprint(size: 126_567, modified: 1_700_000_000_000_000_000)

    func written() throws -> (RoadGraph, URL) {
        let graph = try RoadGraph(contentsOfPBF: SharedData.url(Extracts.westVillagePath))
        let url = directory.appendingPathComponent("west-village.roadgraph")
        try graph.write(cache: url, source: fingerprint)
        return (graph, url)
    }

    func expectInvalid(_ url: URL, expected: SourceFingerprint? = nil, _ comment: String) {
        do {
            _ = try RoadGraph(cache: url, expected: expected)
            Issue.record("accepted: \(comment)")
        } catch {
            guard case .invalidCache = error else {
                Issue.record("\(comment): expected an invalid cache error, got \(error)")
                return
            }
        }
    }

    @Test("written and read back, the graph is identical")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (graph, url) = try written()
        #expect(graph.nodeCount > 100 && !graph.names.isEmpty)
        #expect(try RoadGraph(cache: url, expected: fingerprint) == graph)
    }

    @Test(
        "a cache from another version of the source, a flipped byte, a cut file, wild counts or junk are refused"
    )
    func refused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, url) = try written()
        let good = try Data(contentsOf: url)
        expectInvalid(url, expected: SourceFingerprint(size: 1, modified: 2), "stale source")

        var flipped = good
        flipped[good.count / 2] ^= 0x40
        try flipped.write(to: url)
        expectInvalid(url, "flipped byte")

        try good.prefix(good.count - 3).write(to: url)
        expectInvalid(url, "truncated")

        var wild = good
        for i in 24..<32 { wild[i] = 0xff }  // node count: 2^64 - 1
        try wild.write(to: url)
        expectInvalid(url, "huge node count")

        var off = good
        off[24] &+= 1  // one node more than the arrays hold
        try off.write(to: url)
        expectInvalid(url, "node count off by one")

        try Data("not a cache at all".utf8).write(to: url)
        expectInvalid(url, "junk")
        expectInvalid(directory.appendingPathComponent("missing"), "missing file")
    }

    @Test("load builds once, then reads the cache; a touched source is rebuilt")
    func loadOrBuild() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("wv.osm.pbf")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SharedData.url(Extracts.westVillagePath), to: source)
        let first = try RoadGraph.load(pbf: source, cacheDirectory: directory)
        let second = try RoadGraph.load(pbf: source, cacheDirectory: directory)
        #expect(!first.fromCache && second.fromCache && first.graph == second.graph)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: source.path)
        #expect(try RoadGraph.load(pbf: source, cacheDirectory: directory).fromCache == false)
    }
}

@Suite("Road graph sources")
struct RoadGraphSourceTests {
    @Test("a file that is not a PBF is a typed error naming the file, not a crash")
    func garbageSource() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "garbage-\(UUID().uuidString).osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: url)
        #expect(
            performing: { try RoadGraph(contentsOfPBF: url) },
            throws: { error in
                guard case .unreadableSource(let path, _) = error as? RoadGraphError else { return false }
                return path == url.path
            })
    }

    @Test("an extract without roads gives an empty graph that refuses every point")
    func noRoads() throws {
        let graph = RoadGraph(ways: [], coordinates: [:])
        try graph.validate()
        let planner = RoutePlanner(graph: graph)
        let point = Coordinate(uncheckedLatitude: 39.28, longitude: -76.61)
        #expect(
            throws: DirectionsError.noRoadNearby(
                role: "origin", point: point, mode: .car, maximumDistance: 500)
        ) {
            try planner.route(from: point, to: point, mode: .car)
        }
    }
}
