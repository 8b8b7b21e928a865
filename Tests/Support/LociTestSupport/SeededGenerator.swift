import GeoKit
import SeededRandom

/// The seeded generator every test uses: the same SplitMix64 as the benchmarks, so every
/// random test is reproducible from its seed.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// A coordinate with latitude uniform in `latitudes` (not area-uniform) and any longitude.
    public mutating func coordinate(latitudes: ClosedRange<Double> = -90...90) -> Coordinate {
        Coordinate(
            uncheckedLatitude: Double.random(in: latitudes, using: &self),
            longitude: Double.random(in: -180...180, using: &self))
    }
}
