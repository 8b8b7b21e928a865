/// One result of a ``DynamicPointIndex`` query: a caller-chosen identifier and its great-circle
/// distance from the query point.
public struct IdentifiedNeighbor<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The identifier the point was inserted under.
    public var id: ID
    /// Great-circle distance from the query point in metres on the mean sphere
    /// (``EarthRadius/mean``), computed exactly as ``Haversine/distance(_:_:radius:)`` does.
    public var distance: Double

    /// Creates a neighbour from an identifier and a distance in metres.
    @inlinable
    public init(id: ID, distance: Double) {
        self.id = id
        self.distance = distance
    }
}
