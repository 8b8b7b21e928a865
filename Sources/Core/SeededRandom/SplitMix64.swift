/// SplitMix64 (Steele, Lea & Flood 2014): a small, fast, seedable generator, so benchmark
/// inputs, test inputs and simulations are reproducible from their seed.
///
/// This is the one seeded generator in Loci; ``Xoshiro256StarStar`` seeds itself from it.
/// Its sequence is part of the contract: seeded outputs in tests and benchmarks depend on it,
/// so the constants below never change. Not cryptographically secure.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole stream is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
