import GeoKit
import PlaceKit

/// What a new bookmark points at.
public enum BookmarkTarget: Sendable, Equatable {
    /// A place in the local place store; its name and position are read from there.
    case stored(PlaceID)
    /// A Google place id (only the id is kept for good; a position at most 30 days).
    case google(String)
    /// A dropped pin at a position.
    case pin(Coordinate)
}
