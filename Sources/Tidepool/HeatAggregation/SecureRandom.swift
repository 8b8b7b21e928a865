import SeededRandom

/// A source of uniformly random 64-bit words for the privacy mechanisms.
///
/// Production code must use ``SystemSecureRandom`` (the operating system's CSPRNG). The seeded
/// ``SeededSecureRandom`` exists so tests and the simulator are reproducible; noise drawn from it
/// protects nobody, because the seed determines every draw.
public protocol SecureRandom: RandomNumberGenerator {}

/// The operating system's cryptographically secure generator: `getrandom(2)` on Linux,
/// `arc4random_buf` on Apple platforms (Swift's `SystemRandomNumberGenerator`).
public struct SystemSecureRandom: SecureRandom, Sendable {
    private var system = SystemRandomNumberGenerator()

    /// Creates a handle to the system generator (it holds no state of its own).
    public init() {}

    /// The next 64 uniformly random bits.
    public mutating func next() -> UInt64 { system.next() }
}

/// A deterministic generator (xoshiro256**, seeded by SplitMix64: ``Xoshiro256StarStar``):
/// for tests and simulations only. Not secure: anyone who knows the seed knows the noise.
public struct SeededSecureRandom: SecureRandom, Sendable {
    private var base: Xoshiro256StarStar

    /// Creates a generator whose whole stream is fixed by `seed`.
    public init(seed: UInt64) { base = Xoshiro256StarStar(seed: seed) }

    /// The next 64 bits of the xoshiro256** stream.
    public mutating func next() -> UInt64 { base.next() }
}
