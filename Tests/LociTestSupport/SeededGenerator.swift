import GeoKit

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, seeded generator, so every random
/// test is reproducible from its seed. Shared by all test targets.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed always gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A coordinate with latitude uniform in `latitudes` (not area-uniform) and any longitude.
    public mutating func coordinate(latitudes: ClosedRange<Double> = -90...90) -> Coordinate {
        Coordinate(
            uncheckedLatitude: Double.random(in: latitudes, using: &self),
            longitude: Double.random(in: -180...180, using: &self))
    }
}
