import GeoKit

/// A directed road network in compressed sparse row form: nodes with coordinates, and for each
/// node a contiguous run of outgoing edges with length, allowed modes, car speed, class and name.
///
/// Invariants (checked by ``validate()``, which the cache loader runs): `firstEdge` has
/// `nodeCount + 1` entries, starts at 0, never decreases and ends at `edgeCount`; every edge target
/// is a node index; lengths are finite and non-negative; car speeds positive; name indices are −1
/// or index `names`.
///
/// Walking and cycling speeds are constant (``walkingSpeed``, ``cyclingSpeed``); driving uses each
/// edge's car speed.
public struct RoadGraph: Sendable, Equatable {
    /// Walking speed in km/h (a common planning value, ≈ 1.4 m/s).
    public static let walkingSpeed = 5.0
    /// Cycling speed in km/h (an unhurried urban rider).
    public static let cyclingSpeed = 16.0

    /// Node latitudes in degrees.
    public internal(set) var latitudes: [Double]
    /// Node longitudes in degrees.
    public internal(set) var longitudes: [Double]
    /// The OSM id of each node.
    public internal(set) var osmNodeIDs: [Int64]
    /// Edges of node `n` are `firstEdge[n] ..< firstEdge[n + 1]`.
    public internal(set) var firstEdge: [Int32]
    /// Each edge's head node.
    public internal(set) var edgeTarget: [Int32]
    /// Each edge's length in metres (haversine between its ends).
    public internal(set) var edgeLength: [Float]
    /// Each edge's allowed modes (``TravelMode/accessBit`` mask).
    public internal(set) var edgeModes: [UInt8]
    /// Each edge's car speed in km/h.
    public internal(set) var edgeCarSpeed: [Float]
    /// Each edge's road class code.
    public internal(set) var edgeClass: [UInt8]
    /// Each edge's index into ``names``, or −1 when the way has no name.
    public internal(set) var edgeName: [Int32]
    /// The OSM id of each edge's way.
    public internal(set) var edgeWay: [Int64]
    /// Street names, each once.
    public internal(set) var names: [String]

    /// Node count.
    public var nodeCount: Int { latitudes.count }
    /// Directed edge count.
    public var edgeCount: Int { edgeTarget.count }

    /// The coordinate of node `n`.
    @inlinable
    public func coordinate(_ n: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: latitudes[n], longitude: longitudes[n])
    }

    /// The road class of edge `e`.
    public func highway(_ e: Int) -> HighwayClass { HighwayClass(code: edgeClass[e]) ?? .road }

    /// The street name of edge `e`, if any.
    public func name(_ e: Int) -> String? { edgeName[e] < 0 ? nil : names[Int(edgeName[e])] }

    /// The source node of edge `e` (binary search over `firstEdge`).
    ///
    /// - Complexity: O(log nodeCount).
    public func source(_ e: Int) -> Int {
        var low = 0
        var high = nodeCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(firstEdge[mid]) <= e { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Travel time of edge `e` for `mode` in seconds, or nil when the mode may not use it.
    @inlinable
    public func cost(_ e: Int, mode: TravelMode) -> Double? {
        guard edgeModes[e] & mode.accessBit != 0 else { return nil }
        return Double(edgeLength[e]) / (speed(e, mode: mode) / 3.6)
    }

    /// Speed on edge `e` for `mode` in km/h.
    @inlinable
    public func speed(_ e: Int, mode: TravelMode) -> Double {
        switch mode {
        case .foot: Self.walkingSpeed
        case .bicycle: Self.cyclingSpeed
        case .car: Double(edgeCarSpeed[e])
        }
    }

    /// The highest speed any edge allows `mode` (km/h): the A* heuristic divides by it.
    public func maximumSpeed(_ mode: TravelMode) -> Double {
        switch mode {
        case .foot: Self.walkingSpeed
        case .bicycle: Self.cyclingSpeed
        case .car:
            zip(edgeModes, edgeCarSpeed).reduce(1.0) { best, edge in
                edge.0 & TravelMode.car.accessBit != 0 ? max(best, Double(edge.1)) : best
            }
        }
    }
}
