import GeoKit

/// One end of a route as a person gives it: a position, or a place name to look up.
public enum Waypoint: Sendable, Equatable {
    /// A position as given.
    case position(Coordinate)
    /// A name searched in the place store (the best match; the destination is searched near the origin).
    case placeName(String)
}

/// Which end of the route a ``Waypoint`` is.
public enum RouteEnd: String, Sendable, Equatable {
    /// The start.
    case origin
    /// The end.
    case destination
}
