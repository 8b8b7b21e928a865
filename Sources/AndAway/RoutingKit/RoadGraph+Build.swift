import Foundation
import GeoKit
import OSMKit

extension RoadGraph {
    /// Builds the graph from an OSM PBF extract: every way with a routable `highway` tag becomes
    /// edges between consecutive nodes, in each direction some mode may use.
    ///
    /// Ways that reference nodes missing from the extract (clipped at its border) keep their
    /// segments between present nodes.
    ///
    /// - Throws: ``RoadGraphError/unreadableSource(path:message:)`` when the file cannot be read or decoded.
    public init(contentsOfPBF url: URL) throws(RoadGraphError) {
        var coordinates: [Int64: (Double, Double)] = [:]
        var roads: [OSMWay] = []
        do {
            try PBFReader(url: url).forEachBlock { block in
                for node in block.nodes { coordinates[node.id] = (node.latitude, node.longitude) }
                for way in block.ways where way.tags["highway"] != nil { roads.append(way) }
            }
        } catch {
            throw .unreadableSource(path: url.path, message: "\(error)")
        }
        self.init(ways: roads, coordinates: coordinates)
    }

    /// Builds the graph from ways and node coordinates (latitude, longitude in degrees) by OSM id.
    ///
    /// - Complexity: O(nodes + edges) plus a dictionary lookup per way node.
    public init(ways: [OSMWay], coordinates: [Int64: (Double, Double)]) {
        var builder = Builder()
        for way in ways {
            guard let access = RoadAccess(tags: way.tags), !access.isClosed else { continue }
            let name = way.tags["name"].map { builder.nameIndex($0) } ?? -1
            for (a, b) in zip(way.nodeIDs, way.nodeIDs.dropFirst()) where a != b {
                guard let pa = coordinates[a], let pb = coordinates[b] else { continue }
                let u = builder.nodeIndex(a, pa)
                let v = builder.nodeIndex(b, pb)
                let length = Float(
                    Haversine.distance(
                        Coordinate(uncheckedLatitude: pa.0, longitude: pa.1),
                        Coordinate(uncheckedLatitude: pb.0, longitude: pb.1)))
                if access.forward != 0 { builder.addEdge(u, v, length, access.forward, access, name, way.id) }
                if access.backward != 0 {
                    builder.addEdge(v, u, length, access.backward, access, name, way.id)
                }
            }
        }
        self = builder.finish()
    }
}

/// Collects edges in arrival order, then sorts them by source into CSR arrays.
private struct Builder {
    var index: [Int64: Int32] = [:]
    var latitudes: [Double] = [], longitudes: [Double] = [], ids: [Int64] = []
    var sources: [Int32] = [], targets: [Int32] = [], lengths: [Float] = [], modes: [UInt8] = []
    var speeds: [Float] = [], classes: [UInt8] = [], nameIndices: [Int32] = [], ways: [Int64] = []
    var names: [String] = [], nameLookup: [String: Int32] = [:]

    mutating func nodeIndex(_ id: Int64, _ position: (Double, Double)) -> Int32 {
        if let existing = index[id] { return existing }
        let new = Int32(latitudes.count)
        index[id] = new
        latitudes.append(position.0)
        longitudes.append(position.1)
        ids.append(id)
        return new
    }

    mutating func nameIndex(_ name: String) -> Int32 {
        if let existing = nameLookup[name] { return existing }
        let new = Int32(names.count)
        names.append(name)
        nameLookup[name] = new
        return new
    }

    mutating func addEdge(
        _ u: Int32, _ v: Int32, _ length: Float, _ mask: UInt8, _ access: RoadAccess, _ name: Int32,
        _ way: Int64
    ) {
        sources.append(u)
        targets.append(v)
        lengths.append(length)
        modes.append(mask)
        speeds.append(Float(access.carSpeed))
        classes.append(access.highway.code)
        nameIndices.append(name)
        ways.append(way)
    }

    /// Counting sort by source node (stable, so a way's edges keep their order).
    func finish() -> RoadGraph {
        let n = latitudes.count
        let m = sources.count
        var first = [Int32](repeating: 0, count: n + 1)
        for s in sources { first[Int(s) + 1] += 1 }
        for i in 0..<n { first[i + 1] += first[i] }
        var cursor = first
        var order = [Int](repeating: 0, count: m)
        for e in 0..<m {
            let s = Int(sources[e])
            order[Int(cursor[s])] = e
            cursor[s] += 1
        }
        return RoadGraph(
            latitudes: latitudes, longitudes: longitudes, osmNodeIDs: ids, firstEdge: first,
            edgeTarget: order.map { targets[$0] }, edgeLength: order.map { lengths[$0] },
            edgeModes: order.map { modes[$0] }, edgeCarSpeed: order.map { speeds[$0] },
            edgeClass: order.map { classes[$0] }, edgeName: order.map { nameIndices[$0] },
            edgeWay: order.map { ways[$0] }, names: names)
    }
}
