import Foundation
import RoutingKit

/// Why no route was found, naming the end, the file or the provider concerned.
public enum WayfinderError: Error, Sendable, CustomStringConvertible {
    /// No place in the store matches the name given for `end`.
    case noPlace(end: RouteEnd, name: String)
    /// The place store could not be opened or searched (its one-line message).
    case placeSearch(String)
    /// The OSM extract to route on is not there.
    case noExtract(path: String)
    /// The road graph could not be built or loaded.
    case roadGraph(RoadGraphError)
    /// The provider could not be set up, or found no route.
    case directions(DirectionsError)

    /// One line.
    public var description: String {
        switch self {
        case .noPlace(let end, let name): "\(end.rawValue): no place matching '\(name)'"
        case .placeSearch(let message): message
        case .noExtract(let path): "no extract at \(path)"
        case .roadGraph(let error): error.description
        case .directions(let error): error.description
        }
    }
}
