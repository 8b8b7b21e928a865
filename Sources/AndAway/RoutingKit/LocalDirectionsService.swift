import GeoKit

/// Directions from the local road graph (an OSM extract), offline.
///
/// An actor around one ``RoutePlanner``: queries run one at a time on the planner's scratch arrays.
public actor LocalDirectionsService: DirectionsService {
    private let planner: RoutePlanner

    /// A service over `graph`, snapping ends within `maximumSnapDistance` metres of a road.
    public init(graph: RoadGraph, maximumSnapDistance: Double = 500) {
        planner = RoutePlanner(graph: graph, maximumSnapDistance: maximumSnapDistance)
    }

    public func directions(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> Route
    {
        try planner.route(from: origin, to: destination, mode: mode)
    }
}
