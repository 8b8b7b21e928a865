import GeoKit

/// Routes between coordinates on one road graph: snaps both ends, runs ``Router``, and turns the
/// path into a ``Route`` with steps. Not thread-safe (it owns a router's scratch arrays); the
/// ``LocalDirectionsService`` actor wraps one for concurrent callers.
public final class RoutePlanner {
    /// The graph routed on.
    public var graph: RoadGraph { router.graph }
    /// The snapping index.
    public let index: SegmentIndex
    /// How far (metres) a point may be from the nearest usable road.
    public var maximumSnapDistance: Double
    private let router: Router

    /// Whether searches use A* (the default) or plain Dijkstra (for comparisons).
    public var usesHeuristic: Bool {
        get { router.usesHeuristic }
        set { router.usesHeuristic = newValue }
    }

    /// A planner over `graph`, snapping within `maximumSnapDistance` metres.
    public init(graph: RoadGraph, maximumSnapDistance: Double = 500) {
        router = Router(graph: graph)
        index = SegmentIndex(graph: graph)
        self.maximumSnapDistance = maximumSnapDistance
    }

    /// The fastest route from `origin` to `destination` for `mode`.
    ///
    /// - Throws: ``DirectionsError/noRoadNearby(role:point:mode:maximumDistance:)`` when an end is
    ///   off the network (outside the extract), ``DirectionsError/unreachable(from:to:mode:)`` when
    ///   no path connects the ends.
    public func route(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        throws(DirectionsError)
        -> Route
    {
        let start = try snap(origin, role: "origin", mode: mode)
        let end = try snap(destination, role: "destination", mode: mode)
        let direct = directPiece(start, end, mode)
        let path = pathCost(start, end, mode)
        var pieces: [Piece]
        if let direct, direct.cost <= path?.cost ?? .infinity {
            pieces = [direct.piece]
        } else if let path {
            pieces = self.pieces(of: path, start, end, mode)
        } else {
            throw .unreachable(from: origin, to: destination, mode: mode)
        }
        let moving = pieces.filter { $0.length > 0 }
        pieces = moving.isEmpty ? Array(pieces.prefix(1)) : moving
        return makeRoute(pieces, mode: mode)
    }

    private func snap(_ point: Coordinate, role: String, mode: TravelMode) throws(DirectionsError) -> RoadSnap
    {
        guard let snap = index.snap(point, in: graph, mode: mode, maximumDistance: maximumSnapDistance) else {
            throw .noRoadNearby(role: role, point: point, mode: mode, maximumDistance: maximumSnapDistance)
        }
        return snap
    }

    /// Seconds to travel `fraction` of edge `e` for `mode`, or nil when the mode may not use it.
    private func partialCost(_ e: Int32, _ fraction: Double, _ mode: TravelMode) -> Double? {
        guard e >= 0, let full = graph.cost(Int(e), mode: mode) else { return nil }
        return full * fraction
    }

    private func pathCost(_ start: RoadSnap, _ end: RoadSnap, _ mode: TravelMode) -> Router.Path? {
        var starts: Router.Terminal = []
        if let c = partialCost(start.forwardEdge, 1 - start.fraction, mode) { starts.append((start.v, c)) }
        if let c = partialCost(start.backwardEdge, start.fraction, mode) { starts.append((start.u, c)) }
        var ends: Router.Terminal = []
        if let c = partialCost(end.forwardEdge, end.fraction, mode) { ends.append((end.u, c)) }
        if let c = partialCost(end.backwardEdge, 1 - end.fraction, mode) { ends.append((end.v, c)) }
        return router.search(from: starts, to: ends, target: end.point, mode: mode)
    }

    /// Travel along the one segment both ends lie on, when its direction allows it.
    private func directPiece(_ start: RoadSnap, _ end: RoadSnap, _ mode: TravelMode) -> (
        cost: Double, piece: Piece
    )? {
        guard start.u == end.u && start.v == end.v else { return nil }
        let (edge, fraction) =
            start.fraction <= end.fraction
            ? (start.forwardEdge, end.fraction - start.fraction)
            : (start.backwardEdge, start.fraction - end.fraction)
        guard let cost = partialCost(edge, fraction, mode) else { return nil }
        return (
            cost,
            Piece(
                edge: edge, from: start.point, to: end.point,
                length: Double(graph.edgeLength[Int(edge)]) * fraction, cost: cost)
        )
    }

    private func pieces(of path: Router.Path, _ start: RoadSnap, _ end: RoadSnap, _ mode: TravelMode)
        -> [Piece]
    {
        let firstNode = path.edges.first.map { Int32(graph.source(Int($0))) } ?? path.lastNode
        let startEdge = firstNode == start.v ? start.forwardEdge : start.backwardEdge
        let startFraction = firstNode == start.v ? 1 - start.fraction : start.fraction
        var result = [
            Piece(
                edge: startEdge, from: start.point, to: graph.coordinate(Int(firstNode)),
                length: Double(graph.edgeLength[Int(startEdge)]) * startFraction,
                cost: partialCost(startEdge, startFraction, mode) ?? 0)
        ]
        for e in path.edges {
            result.append(
                Piece(
                    edge: e, from: graph.coordinate(graph.source(Int(e))),
                    to: graph.coordinate(Int(graph.edgeTarget[Int(e)])),
                    length: Double(graph.edgeLength[Int(e)]), cost: graph.cost(Int(e), mode: mode) ?? 0))
        }
        let endEdge = path.lastNode == end.u ? end.forwardEdge : end.backwardEdge
        let endFraction = path.lastNode == end.u ? end.fraction : 1 - end.fraction
        result.append(
            Piece(
                edge: endEdge, from: graph.coordinate(Int(path.lastNode)), to: end.point,
                length: Double(graph.edgeLength[Int(endEdge)]) * endFraction,
                cost: partialCost(endEdge, endFraction, mode) ?? 0))
        return result
    }
}

/// A stretch of one edge (whole or partial) on a route.
struct Piece {
    var edge: Int32
    var from: Coordinate
    var to: Coordinate
    var length: Double
    var cost: Double
}
