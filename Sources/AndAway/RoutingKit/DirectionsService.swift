import GeoKit

/// Directions between two points from some provider (the local router, Google Routes, MapKit in
/// the Apple shell). View models see only this protocol (`and-away.md` §5).
public protocol DirectionsService: Sendable {
    /// The best route from `origin` to `destination` for `mode`.
    ///
    /// - Throws: ``DirectionsError`` when either point is off the network, no route exists, or the
    ///   provider fails.
    func directions(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError)
        -> Route

    /// Several route options, best first (providers without alternatives return just the best one).
    func routeAlternatives(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> [Route]
}

extension DirectionsService {
    /// The best route only: the default for providers without alternatives.
    public func routeAlternatives(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> [Route]
    {
        [try await directions(from: origin, to: destination, mode: mode)]
    }

    /// Walking, cycling and driving routes to one place; a mode that cannot be routed is left out.
    ///
    /// - Throws: ``DirectionsError`` only for provider failures (network, key, quota), not for a
    ///   mode without a route.
    public func travelInfo(from origin: Coordinate, to destination: Coordinate) async throws(DirectionsError)
        -> TravelInfo
    {
        var routes: [TravelMode: Route] = [:]
        for mode in TravelMode.allCases {
            do {
                routes[mode] = try await directions(from: origin, to: destination, mode: mode)
            } catch {
                switch error {
                case .noRoadNearby, .unreachable, .noRoute: continue
                default: throw error
                }
            }
        }
        return TravelInfo(
            walkingRoute: routes[.foot], cyclingRoute: routes[.bicycle], drivingRoute: routes[.car])
    }
}
