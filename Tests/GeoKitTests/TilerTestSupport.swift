@testable import GeoKit

/// SplitMix64: a tiny, fast, seeded generator so property tests are reproducible.
struct TilerSeededRNG: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly random coordinate with latitude in `latitudes` and any longitude.
    mutating func coordinate(latitudes: ClosedRange<Double> = -90...90) -> Coordinate {
        Coordinate(
            uncheckedLatitude: Double.random(in: latitudes, using: &self),
            longitude: Double.random(in: -180...180, using: &self))
    }
}

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
