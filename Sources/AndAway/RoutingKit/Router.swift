import Foundation
import GeoKit

/// A* search on a ``RoadGraph`` with travel time as the cost.
///
/// The heuristic is the straight-line (chord) distance to the destination divided by the mode's
/// highest speed in the graph: edge lengths are great-circle distances between their ends and a
/// chord is never longer than its arc, so it never overestimates (admissible, and consistent by the
/// triangle inequality; Hart, Nilsson & Raphael 1968).
/// A router keeps scratch arrays between queries (generation-stamped, so a query costs only what
/// it touches); it is not thread-safe: use one per thread or behind an actor.
public final class Router {
    /// The graph searched.
    public let graph: RoadGraph
    private var scratch: Scratch
    private var maximumSpeed: [TravelMode: Double] = [:]
    /// Seconds per edge for each mode (by the mode bit's index), infinity where the mode may not pass.
    private let edgeSeconds: [[Double]]
    /// Each node as a unit vector (x, y, z interleaved), for the chord heuristic.
    private let unit: [Double]
    /// Whether the search is guided by the distance heuristic (A*); false makes it a plain
    /// Dijkstra search (the benchmark's in-process anchor).
    public var usesHeuristic = true

    /// A router over `graph`.
    public init(graph: RoadGraph) {
        self.graph = graph
        scratch = Scratch(nodeCount: graph.nodeCount)
        for mode in TravelMode.allCases { maximumSpeed[mode] = graph.maximumSpeed(mode) }
        var seconds = [[Double]](repeating: [], count: 3)
        for mode in TravelMode.allCases {
            seconds[mode.accessBit.trailingZeroBitCount] = (0..<graph.edgeCount).map {
                graph.cost($0, mode: mode) ?? .infinity
            }
        }
        edgeSeconds = seconds
        var unit: [Double] = []
        unit.reserveCapacity(3 * graph.nodeCount)
        for n in 0..<graph.nodeCount {
            let v = Self.unitVector(graph.coordinate(n))
            unit += [v.0, v.1, v.2]
        }
        self.unit = unit
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
    public func search(from starts: Terminal, to ends: Terminal, target: Coordinate, mode: TravelMode)
        -> Path?
    {
        // Work on a local copy of the scratch arrays (moved out, not copied): no dynamic
        // exclusivity checks on class storage in the inner loop.
        var state = Scratch(nodeCount: 0)
        swap(&state, &scratch)
        defer { swap(&state, &scratch) }
        state.nextGeneration()
        // 0.999: the snapped destination comes from a planar projection; keep the bound safely below.
        let secondsPerMetre = usesHeuristic ? 0.999 / (maximumSpeed[mode, default: 1] / 3.6) : 0
        let scale = secondsPerMetre * EarthRadius.mean
        let t = Self.unitVector(target)
        let firstEdge = graph.firstEdge
        let edgeTarget = graph.edgeTarget
        let edgeSeconds = self.edgeSeconds[Int(mode.accessBit.trailingZeroBitCount)]
        let unit = self.unit
        // The chord between unit vectors never exceeds the arc, so R × chord is a lower bound on
        // every path's length, and the triangle inequality in space keeps the heuristic consistent.
        func heuristic(_ n: Int) -> Double {
            let dx = unit[3 * n] - t.0
            let dy = unit[3 * n + 1] - t.1
            let dz = unit[3 * n + 2] - t.2
            return (dx * dx + dy * dy + dz * dz).squareRoot() * scale
        }
        for start in starts where state.relax(Int(start.node), start.cost, via: -1) {
            state.heap.push(start.cost + heuristic(Int(start.node)), Int32(start.node))
        }
        var best = Double.infinity
        var bestEnd: Int32 = -1
        while let (key, node32) = state.heap.pop() {
            if key >= best { break }
            let u = Int(node32)
            if state.closed[u] == state.generation { continue }
            state.closed[u] = state.generation
            let g = state.cost[u]
            for end in ends where end.node == node32 && g + end.cost < best {
                best = g + end.cost
                bestEnd = node32
            }
            for e in Int(firstEdge[u])..<Int(firstEdge[u + 1]) {
                let seconds = edgeSeconds[e]
                guard seconds < .infinity else { continue }
                let v = Int(edgeTarget[e])
                let next = g + seconds
                if state.relax(v, next, via: Int32(e)) { state.heap.push(next + heuristic(v), Int32(v)) }
            }
        }
        guard bestEnd >= 0 else { return nil }
        var edges: [Int32] = []
        var n = Int(bestEnd)
        while state.parent[n] >= 0 {
            edges.append(state.parent[n])
            n = graph.source(Int(state.parent[n]))
        }
        return Path(cost: best, edges: edges.reversed(), lastNode: bestEnd)
    }

    static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
        let phi = c.latitude * Angle.radiansPerDegree
        let lambda = c.longitude * Angle.radiansPerDegree
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
}

/// The per-query arrays of a search, generation-stamped so a query costs only what it touches.
private struct Scratch {
    var cost: [Double]
    var parent: [Int32]
    var stamp: [UInt32]
    var closed: [UInt32]
    var generation: UInt32 = 0
    var heap = MinHeap()

    init(nodeCount: Int) {
        cost = [Double](repeating: 0, count: nodeCount)
        parent = [Int32](repeating: -1, count: nodeCount)
        stamp = [UInt32](repeating: 0, count: nodeCount)
        closed = [UInt32](repeating: 0, count: nodeCount)
    }

    mutating func nextGeneration() {
        heap.removeAll()
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices {
                stamp[i] = 0
                closed[i] = 0
            }
            generation = 1
        }
    }

    /// Lowers the cost of `n` to `value` when that improves it.
    mutating func relax(_ n: Int, _ value: Double, via edge: Int32) -> Bool {
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
        let lastKey = keys.removeLast()
        let lastNode = nodes.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            nodes[0] = lastNode
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
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
