/// A latitude/longitude box. It may cross the antimeridian: then `west > east`, and the box
/// covers longitudes `west…180` and `−180…east`.
///
/// Invariants: `south ≤ north`, all four values finite and in range.
public struct BoundingBox: Sendable, Hashable, Codable {
    /// Southern edge, degrees, −90…90.
    public let south: Double
    /// Western edge, degrees, −180…180.
    public let west: Double
    /// Northern edge, degrees, −90…90.
    public let north: Double
    /// Eastern edge, degrees, −180…180 (less than `west` when the box crosses the antimeridian).
    public let east: Double

    /// Creates a box, refusing non-finite or out-of-range edges and `south > north`.
    public init(south: Double, west: Double, north: Double, east: Double) throws(BoundingBoxError) {
        for (name, value, limit) in [
            ("south", south, 90.0), ("north", north, 90), ("west", west, 180), ("east", east, 180),
        ] {
            guard value.isFinite, abs(value) <= limit else {
                throw .edgeOutOfRange(edge: name, value: value)
            }
        }
        guard south <= north else { throw .southAboveNorth(south: south, north: north) }
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Creates a box from values the caller has already validated (checked in debug only).
    public init(uncheckedSouth south: Double, west: Double, north: Double, east: Double) {
        assert(south <= north && abs(south) <= 90 && abs(north) <= 90 && abs(west) <= 180 && abs(east) <= 180)
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The whole globe.
    public static let world = BoundingBox(uncheckedSouth: -90, west: -180, north: 90, east: 180)

    /// True when the box wraps across the antimeridian (`west > east`).
    public var crossesAntimeridian: Bool { west > east }

    /// Longitudinal span in degrees, 0…360.
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }

    /// Whether the box contains the coordinate (edges inclusive).
    public func contains(_ c: Coordinate) -> Bool {
        guard c.latitude >= south, c.latitude <= north else { return false }
        if crossesAntimeridian { return c.longitude >= west || c.longitude <= east }
        return c.longitude >= west && c.longitude <= east
    }

    /// The box as one or two non-wrapping boxes (split at the antimeridian), for index scans.
    public var nonWrappingParts: [BoundingBox] {
        guard crossesAntimeridian else { return [self] }
        return [
            BoundingBox(uncheckedSouth: south, west: west, north: north, east: 180),
            BoundingBox(uncheckedSouth: south, west: -180, north: north, east: east),
        ]
    }
}

/// Why a bounding box was refused.
public enum BoundingBoxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An edge was NaN, infinite or outside its range.
    case edgeOutOfRange(edge: String, value: Double)
    /// The southern edge lies north of the northern one.
    case southAboveNorth(south: Double, north: Double)
    /// A radius that is negative or not finite.
    case invalidRadius(Double)

    public var description: String {
        switch self {
        case .edgeOutOfRange(let edge, let value): "bounding box \(edge) edge \(value) is out of range"
        case .southAboveNorth(let south, let north):
            "bounding box south \(south) lies north of north \(north)"
        case .invalidRadius(let radius):
            "radius must be a finite, non-negative number of metres, got \(radius)"
        }
    }
}
