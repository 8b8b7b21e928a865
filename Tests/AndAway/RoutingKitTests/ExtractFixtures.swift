import Foundation
import GeoKit
import LociTestSupport
import OSMKit
import RoutingKit

/// The real extracts' graphs and raw ways, read once per test process.
enum Extracts {
    static let baltimorePath = "osm/baltimore.osm.pbf"
    static let monacoPath = "osm/monaco.osm.pbf"
    static let westVillagePath = "osm/nyc-west-village.osm.pbf"

    static let baltimore: RoadGraph? = try? RoadGraph(contentsOfPBF: SharedData.url(baltimorePath))
    static let monaco: RoadGraph? = try? RoadGraph(contentsOfPBF: SharedData.url(monacoPath))

    /// Ways and node coordinates straight from the file, for checks that must not go through RoadGraph.
    static func raw(_ path: String) throws -> (ways: [OSMWay], coordinates: [Int64: (Double, Double)]) {
        var ways: [OSMWay] = []
        var coordinates: [Int64: (Double, Double)] = [:]
        try PBFReader(url: SharedData.url(path)).forEachBlock { block in
            for node in block.nodes { coordinates[node.id] = (node.latitude, node.longitude) }
            ways += block.ways.filter { $0.tags["highway"] != nil }
        }
        return (ways, coordinates)
    }

    static let baltimoreRaw = try? raw(baltimorePath)
}

/// A plain Dijkstra written for the tests, independent of RoutingKit's router: an O(V²)-free
/// array heap over (cost, node) with costs recomputed here from lengths and speeds.
enum ReferenceDijkstra {
    static func cost(_ graph: RoadGraph, from source: Int, to target: Int, mode: TravelMode) -> Double? {
        var best = [Double](repeating: .infinity, count: graph.nodeCount)
        var done = [Bool](repeating: false, count: graph.nodeCount)
        var queue: [(Double, Int)] = [(0, source)]
        best[source] = 0
        while !queue.isEmpty {
            // Extract the minimum by a linear scan of a small sorted-insertion queue.
            let (d, u) = queue.removeLast()
            if done[u] { continue }
            done[u] = true
            if u == target { return d }
            for e in Int(graph.firstEdge[u])..<Int(graph.firstEdge[u + 1]) {
                guard graph.edgeModes[e] & mode.accessBit != 0 else { continue }
                let kmh: Double =
                    switch mode {
                    case .foot: 5
                    case .bicycle: 16
                    case .car: Double(graph.edgeCarSpeed[e])
                    }
                let v = Int(graph.edgeTarget[e])
                let next = d + Double(graph.edgeLength[e]) * 3.6 / kmh
                if next < best[v] {
                    best[v] = next
                    // Keep the queue sorted by descending cost so the minimum is last.
                    var low = 0
                    var high = queue.count
                    while low < high {
                        let mid = (low + high) / 2
                        if queue[mid].0 > next { low = mid + 1 } else { high = mid }
                    }
                    queue.insert((next, v), at: low)
                }
            }
        }
        return nil
    }
}
