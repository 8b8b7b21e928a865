import GeoKit

/// The part of the map on screen, in degrees.
public struct MapViewport: Sendable, Equatable {
    /// Southern edge, degrees latitude.
    public var south: Double
    /// Western edge, degrees longitude.
    public var west: Double
    /// Northern edge, degrees latitude.
    public var north: Double
    /// Eastern edge, degrees longitude.
    public var east: Double

    /// A viewport with these edges (south < north; west < east unless it crosses 180°, which
    /// the server refuses).
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The centre.
    public var center: Coordinate {
        Coordinate(uncheckedLatitude: (south + north) / 2, longitude: (west + east) / 2)
    }

    /// Half the diagonal, metres: the radius that covers the viewport from its centre.
    public var radiusMeters: Double {
        Haversine.distance(
            Coordinate(uncheckedLatitude: south, longitude: west), Coordinate(uncheckedLatitude: north, longitude: east)
        ) / 2
    }
}
