import Foundation
import GeoKit
import PlaceKit

/// Boxes around a pack's area: the extent of what a store holds, and a box grown by a margin.
enum PackArea {
    /// Metres per degree of latitude, at its smallest (at the equator), so a grown box never falls short.
    static let metresPerDegree = 110_574.0

    /// `box` grown by `metres` on every side (conservatively); the full longitude range when the
    /// grown box would cross the antimeridian, latitudes clamped to ±90.
    static func grown(_ box: BoundingBox, by metres: Double) -> BoundingBox {
        let dLatitude = metres / metresPerDegree
        let south = max(-90, box.south - dLatitude)
        let north = min(90, box.north + dLatitude)
        let widest = max(abs(south), abs(north))
        let cosine = cos(min(89.9, widest) * .pi / 180)
        let dLongitude = metres / (metresPerDegree * cosine)
        guard !box.crossesAntimeridian, box.west - dLongitude >= -180, box.east + dLongitude <= 180 else {
            return BoundingBox(uncheckedSouth: south, west: -180, north: north, east: 180)
        }
        return BoundingBox(uncheckedSouth: south, west: box.west - dLongitude, north: north, east: box.east + dLongitude)
    }

    /// The smallest box holding every footprint vertex and place, `nil` when there are none.
    static func extent(buildings: [Building], places: [Place]) -> BoundingBox? {
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
        var any = false
        func add(_ c: Coordinate) {
            any = true
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        for building in buildings { building.footprint.forEach(add) }
        for place in places { add(place.coordinate) }
        return any ? BoundingBox(uncheckedSouth: south, west: west, north: north, east: east) : nil
    }
}
