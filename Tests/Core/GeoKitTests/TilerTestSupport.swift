import LociTestSupport

@testable import GeoKit

enum TilerFixtures {
    /// Special coordinates: poles, equator, antimeridian, the ±85° band edges, and points
    /// exactly on and just beside row and column boundaries of the standard grid.
    static let specialCoordinates: [Coordinate] = {
        var points: [Coordinate] = []
        for latitude in [-90.0, -89.9999, -85, -45, 0, 0.0001, 45, 85, 89.9999, 90] {
            for longitude in [-180.0, -179.9999, -90, 0, 90, 179.9999, 180] {
                points.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            }
        }
        let tiler = GridTiler.standard
        for row in [1, 2, 3, 1000, 66_716, 66_717, 100_000, 133_430] {
            let rows = tiler.rowCounts[0]
            guard row < rows else { continue }
            let south = GridTiler.edge(row, span: 180, count: rows, offset: 90)
            let columns = tiler.columnCountUnchecked(level: 0, row: row)
            let west = GridTiler.edge(columns / 3, span: 360, count: columns, offset: 180)
            for latitude in [south, south.nextDown, south.nextUp] {
                for longitude in [west, west.nextDown, west.nextUp] {
                    points.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
                }
            }
        }
        return points
    }()

    /// Whether two closed boxes (neither crossing the antimeridian) touch or overlap, counting
    /// −180 and 180 as the same meridian.
    static func touch(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        guard a.south <= b.north && b.south <= a.north else { return false }
        if a.west <= b.east && b.west <= a.east { return true }
        return (a.east == 180 && b.west == -180) || (b.east == 180 && a.west == -180)
    }
}
