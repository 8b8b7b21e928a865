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

/// A deterministic generator (xoshiro256**, Blackman & Vigna 2018) seeded by SplitMix64:
/// for tests and simulations only. Not secure: anyone who knows the seed knows the noise.
public struct SeededSecureRandom: SecureRandom, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole stream is fixed by `seed`.
    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
    }

    /// The next 64 bits of the xoshiro256** stream.
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }
}
