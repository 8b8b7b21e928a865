import Foundation
import GeoKit
import GoogleRoutes
import PlaceKit
import RoutingKit

/// Directions between two waypoints: each end resolved (a position as given, or the best
/// place-store match for a name, the destination searched near the origin), then one route from
/// the chosen provider (`loci directions`; And Away's directions).
///
/// The place search is opened only when a name is given, and the road graph is built or loaded
/// only after both ends are resolved, so a typo in a name costs no graph load. The local
/// provider's graph is loaded per call (through its cache); keep one `Wayfinder` per request.
public struct Wayfinder: Sendable {
    private let provider: DirectionsProvider
    private let places: @Sendable () throws -> any PlacesSearchService

    /// Creates a wayfinder.
    ///
    /// - Parameters:
    ///   - provider: who computes the route.
    ///   - places: opens the place search used for ``Waypoint/placeName(_:)``; called at most
    ///     once per name. What it throws becomes ``WayfinderError/placeSearch(_:)``.
    public init(provider: DirectionsProvider, places: @escaping @Sendable () throws -> any PlacesSearchService) {
        self.provider = provider
        self.places = places
    }

    /// The best route from `origin` to `destination` for `mode`.
    ///
    /// - Throws: ``WayfinderError`` naming the end, the file or the provider's reason.
    public func route(from origin: Waypoint, to destination: Waypoint, mode: TravelMode)
        async throws(WayfinderError) -> Route
    {
        let start = try await resolve(origin, end: .origin, near: nil)
        let end = try await resolve(destination, end: .destination, near: start)
        let service = try makeService()
        do {
            return try await service.directions(from: start, to: end, mode: mode)
        } catch {
            throw .directions(error)
        }
    }

    /// The position of `waypoint`: as given, or the best match for its name near `near`.
    func resolve(_ waypoint: Waypoint, end: RouteEnd, near: Coordinate?) async throws(WayfinderError) -> Coordinate {
        switch waypoint {
        case .position(let coordinate):
            return coordinate
        case .placeName(let name):
            let results: [RankedPlace]
            do {
                results = try await places().searchPlaces(SearchRequest(text: name, center: near, radius: nil, limit: 1))
            } catch {
                throw .placeSearch("\(error)")
            }
            guard let best = results.first else { throw .noPlace(end: end, name: name) }
            return best.place.coordinate
        }
    }

    private func makeService() throws(WayfinderError) -> any DirectionsService {
        switch provider {
        case .local(let extract, let cacheDirectory):
            guard FileManager.default.fileExists(atPath: extract.path) else { throw .noExtract(path: extract.path) }
            do {
                return LocalDirectionsService(graph: try RoadGraph.load(pbf: extract, cacheDirectory: cacheDirectory).graph)
            } catch {
                throw .roadGraph(error)
            }
        case .google(let environment):
            do {
                return try GoogleRoutesDirectionsService(environment: environment)
            } catch {
                throw .directions(error)
            }
        }
    }
}
