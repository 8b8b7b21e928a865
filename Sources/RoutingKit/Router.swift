import GeoKit

/// A* search on a ``RoadGraph`` with travel time as the cost.
///
/// The heuristic is the great-circle distance to the destination divided by the mode's highest
/// speed in the graph: edge lengths are great-circle distances between their ends, so by the
/// triangle inequality it never overestimates (admissible and consistent; Hart, Nilsson & Raphael 1968).
/// A router keeps scratch arrays between queries (generation-stamped, so a query costs only what
/// it touches); it is not thread-safe: use one per thread or behind an actor.
public final class Router {
    /// The graph searched.
    public let graph: RoadGraph
    private var cost: [Double]
    private var parent: [Int32]
    private var stamp: [UInt32]
    private var closed: [UInt32]
    private var generation: UInt32 = 0
    private var heap = MinHeap()
    private var maximumSpeed: [TravelMode: Double] = [:]
    /// Whether the search is guided by the distance heuristic (A*); false makes it a plain
    /// Dijkstra search (the benchmark's in-process anchor).
    public var usesHeuristic = true

    /// A router over `graph`.
    public init(graph: RoadGraph) {
        self.graph = graph
        cost = [Double](repeating: 0, count: graph.nodeCount)
        parent = [Int32](repeating: -1, count: graph.nodeCount)
        stamp = [UInt32](repeating: 0, count: graph.nodeCount)
        closed = [UInt32](repeating: 0, count: graph.nodeCount)
        for mode in TravelMode.allCases { maximumSpeed[mode] = graph.maximumSpeed(mode) }
    }

    /// One search result: the total cost in seconds, the edges in order, and the partial costs
    /// at both ends (the stretches from the origin to the first node and from the last node on).
    public struct Path: Sendable, Hashable {
        /// Travel time in seconds.
        public var cost: Double
        /// The graph edges travelled, in order (empty when the path touches one node only).
        public var edges: [Int32]
        /// The node the path ends at (where the end terminal's cost applies).
        public var lastNode: Int32
    }

    /// Where a search starts or ends: nodes with the cost of reaching them from the point (start)
    /// or of reaching the point from them (end).
    public typealias Terminal = [(node: Int32, cost: Double)]

    /// The cheapest path from any start node to any end node, or nil when none connects them.
    ///
    /// - Parameters:
    ///   - starts: nodes with their initial costs.
    ///   - ends: nodes with the extra cost from each to the destination.
    ///   - target: the destination point, for the heuristic.
    /// - Complexity: O((V + E) log V) in the worst case; far less when the heuristic guides well.
    public func search(from starts: Terminal, to ends: Terminal, target: Coordinate, mode: TravelMode) -> Path? {
        nextGeneration()
        let bit = mode.accessBit
        // 0.999: the snapped destination comes from a planar projection; keep the bound safely below.
        let secondsPerMetre = usesHeuristic ? 0.999 / (maximumSpeed[mode, default: 1] / 3.6) : 0
        let targetLatitude = target.latitude * Angle.radiansPerDegree
        let targetLongitude = target.longitude * Angle.radiansPerDegree
        func heuristic(_ n: Int) -> Double {
            Haversine.centralAngle(
                latitude1: graph.latitudes[n] * Angle.radiansPerDegree,
                longitude1: graph.longitudes[n] * Angle.radiansPerDegree,
                latitude2: targetLatitude, longitude2: targetLongitude) * EarthRadius.mean * secondsPerMetre
        }
        var endCost: [Int32: Double] = [:]
        for end in ends { endCost[end.node] = min(endCost[end.node] ?? .infinity, end.cost) }
        for start in starts where relax(Int(start.node), start.cost, via: -1) {
            heap.push(start.cost + heuristic(Int(start.node)), Int32(start.node))
        }
        var best = Double.infinity, bestEnd: Int32 = -1
        while let (key, node32) = heap.pop() {
            if key >= best { break }
            let u = Int(node32)
            if closed[u] == generation { continue }
            closed[u] = generation
            let g = cost[u]
            if let extra = endCost[node32], g + extra < best {
                best = g + extra
                bestEnd = node32
            }
            for e in Int(graph.firstEdge[u])..<Int(graph.firstEdge[u + 1]) where graph.edgeModes[e] & bit != 0 {
                let v = Int(graph.edgeTarget[e])
                let next = g + Double(graph.edgeLength[e]) / (graph.speed(e, mode: mode) / 3.6)
                if relax(v, next, via: Int32(e)) { heap.push(next + heuristic(v), Int32(v)) }
            }
        }
        guard bestEnd >= 0 else { return nil }
        var edges: [Int32] = []
        var n = Int(bestEnd)
        while parent[n] >= 0 {
            edges.append(parent[n])
            n = graph.source(Int(parent[n]))
        }
        return Path(cost: best, edges: edges.reversed(), lastNode: bestEnd)
    }

    private func nextGeneration() {
        heap.removeAll()
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { stamp[i] = 0; closed[i] = 0 }
            generation = 1
        }
    }

    /// Lowers the cost of `n` to `value` when that improves it.
    private func relax(_ n: Int, _ value: Double, via edge: Int32) -> Bool {
        if stamp[n] == generation && cost[n] <= value { return false }
        if closed[n] == generation { return false }
        stamp[n] = generation
        cost[n] = value
        parent[n] = edge
        return true
    }
}

/// A binary min-heap of (key, node) with lazy deletion (stale entries are skipped on pop).
struct MinHeap {
    private var keys: [Double] = []
    private var nodes: [Int32] = []

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Double, _ node: Int32) {
        keys.append(key)
        nodes.append(node)
        var i = keys.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard keys[p] > keys[i] else { break }
            keys.swapAt(p, i)
            nodes.swapAt(p, i)
            i = p
        }
    }

    mutating func pop() -> (Double, Int32)? {
        guard let top = keys.first else { return nil }
        let node = nodes[0]
        let lastKey = keys.removeLast(), lastNode = nodes.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            nodes[0] = lastNode
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < keys.count && keys[l] < keys[m] { m = l }
                if r < keys.count && keys[r] < keys[m] { m = r }
                if m == i { break }
                keys.swapAt(m, i)
                nodes.swapAt(m, i)
                i = m
            }
        }
        return (top, node)
    }
}
