/// One result of a ``StaticPointIndex`` query: a point, named by its position in the array the
/// index was built from, and its great-circle distance from the query point.
public struct PointNeighbor: Sendable, Hashable {
    /// Position of the point in the `[Coordinate]` array the index was built from.
    public var index: Int
    /// Great-circle distance from the query point in metres on the mean sphere
    /// (``EarthRadius/mean``), computed exactly as ``Haversine/distance(_:_:radius:)`` does.
    public var distance: Double

    /// Creates a neighbour from an array position and a distance in metres.
    public init(index: Int, distance: Double) {
        self.index = index
        self.distance = distance
    }
}

extension PointNeighbor {
    /// Result order: nearer first, then lower index. A strict weak order.
    static func precedes(_ a: PointNeighbor, _ b: PointNeighbor) -> Bool {
        a.distance < b.distance || (a.distance == b.distance && a.index < b.index)
    }
}
