/// A latitude/longitude rectangle in degrees (WGS 84), not crossing the antimeridian.
///
/// Invariant: `minLatitude <= maxLatitude` and `minLongitude <= maxLongitude`.
/// Follows the PBF `HeaderBBox` message and the XML `<bounds>` element.
public struct OSMBoundingBox: Sendable, Hashable, CustomStringConvertible {
    /// Southern edge, degrees.
    public var minLatitude: Double
    /// Western edge, degrees.
    public var minLongitude: Double
    /// Northern edge, degrees.
    public var maxLatitude: Double
    /// Eastern edge, degrees.
    public var maxLongitude: Double

    /// A box from its edges; the caller keeps min ≤ max.
    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The degenerate box around one point.
    public init(latitude: Double, longitude: Double) {
        self.init(
            minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude, maxLongitude: longitude)
    }

    /// Grows the box to contain the point.
    ///
    /// - Complexity: O(1).
    public mutating func extend(latitude: Double, longitude: Double) {
        minLatitude = Swift.min(minLatitude, latitude)
        maxLatitude = Swift.max(maxLatitude, latitude)
        minLongitude = Swift.min(minLongitude, longitude)
        maxLongitude = Swift.max(maxLongitude, longitude)
    }

    /// Grows the box to contain another box.
    public mutating func extend(_ other: OSMBoundingBox) {
        extend(latitude: other.minLatitude, longitude: other.minLongitude)
        extend(latitude: other.maxLatitude, longitude: other.maxLongitude)
    }

    /// `(minLon, minLat, maxLon, maxLat)` in degrees, the order osmium prints.
    public var description: String {
        "(\(minLongitude), \(minLatitude), \(maxLongitude), \(maxLatitude))"
    }
}
