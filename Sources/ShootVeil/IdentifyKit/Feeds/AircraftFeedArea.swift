import Foundation
import GeoKit

/// The area a feed is asked about: a capture's position snapped to a grid cell of
/// ``cellDegrees``, grown by a radius, so taps near each other share one request and one cache
/// entry. Hashable: it is the cache key (with the feed).
public struct AircraftFeedArea: Sendable, Hashable, CustomStringConvertible {
    /// The grid cell, in degrees of latitude and longitude (0.5°: about 55 km north–south).
    public static let cellDegrees = 0.5

    /// The cell's row (latitude index from the south pole).
    public let row: Int
    /// The cell's column (longitude index from the antimeridian).
    public let column: Int
    /// How far around the cell aircraft are wanted, metres.
    public let radius: Double

    /// The area around `position`: its cell, grown by `radius` metres (so every point of the cell
    /// sees at least `radius` of sky around it).
    public init(around position: Coordinate, radius: Double) {
        row = Int(((position.latitude + 90) / Self.cellDegrees).rounded(.down))
        column = Int(((position.longitude + 180) / Self.cellDegrees).rounded(.down))
        self.radius = max(0, radius)
    }

    /// The box to ask for: the cell grown by ``radius`` (latitude clamped to ±90°, longitude to
    /// ±180°; OpenSky takes no box across the antimeridian, so the box stops there).
    public var box: (south: Double, west: Double, north: Double, east: Double) {
        let metresPerDegree = 111_320.0
        let south = Double(row) * Self.cellDegrees - 90
        let west = Double(column) * Self.cellDegrees - 180
        let grow = radius / metresPerDegree
        let north = south + Self.cellDegrees
        let widest = max(abs(south), abs(north))
        let cosine = max(cos(min(widest + grow, 89) * Double.pi / 180), 0.01)
        let growLongitude = min(radius / (metresPerDegree * cosine), 180)
        return (
            max(-90, south - grow), max(-180, west - growLongitude), min(90, north + grow),
            min(180, west + Self.cellDegrees + growLongitude)
        )
    }

    /// `cell <row>/<column> + <radius> km`.
    public var description: String { "cell \(row)/\(column) + \(Int(radius / 1_000)) km" }
}
