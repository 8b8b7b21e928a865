import Foundation

/// The discrete Laplace (two-sided geometric) distribution on the integers:
/// `P(Z = z) = (1 − p) / (1 + p) · p^|z|` with `p = e^(−ε)`.
///
/// Adding `Z` to an integer count of sensitivity 1 is ε-differentially private (Ghosh,
/// Roughgarden & Sundararajan 2009). Sampling never touches a floating-point *output*: the
/// magnitude is found by inversion of one uniform 64-bit word against a table of fixed-point
/// tail probabilities `⌊2⁶⁴ · P(|Z| ≥ k)⌋`, and the sign comes from one more random bit, so
/// the result is an exact integer and the low-bit attack on rounded continuous Laplace noise
/// (Mironov, CCS 2012) has nothing to read. The table depends only on ε, never on data.
///
/// Accuracy: each table entry is within 2⁻⁵² (relative) of the true tail, and the tail beyond
/// the table (where `P(|Z| ≥ k) < 2⁻⁶⁴`) is cut; both are many orders below any δ used here
/// and are stated as such in the documentation rather than hidden in δ.
public struct DiscreteLaplace: Sendable, Equatable {
    /// The privacy parameter ε > 0 (noise scale 1/ε).
    public let epsilon: Double
    /// `p = e^(−ε)`.
    public let decay: Double
    /// `thresholds[k − 1] = ⌊2⁶⁴ · P(|Z| ≥ k)⌋` for k = 1, 2, … while positive.
    private let thresholds: [UInt64]

    /// Creates the distribution for `epsilon`.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` unless
    ///   `epsilon` is finite and in `0.001...50`.
    public init(epsilon: Double) throws(HeatAggregationError) {
        guard epsilon.isFinite, epsilon >= 0.001, epsilon <= 50 else {
            throw .invalidParameter(
                name: "epsilon", value: epsilon, reason: "must be finite and in 0.001...50")
        }
        self.epsilon = epsilon
        let p = exp(-epsilon)
        decay = p
        var table: [UInt64] = []
        var k = 1
        while true {
            // P(|Z| ≥ k) = 2 p^k / (1 + p), computed directly from ε for each k.
            let tail = 2 * exp(-epsilon * Double(k)) / (1 + p)
            let scaled = tail * 18_446_744_073_709_551_616.0  // 2⁶⁴
            guard scaled >= 1 else { break }
            table.append(scaled >= 18_446_744_073_709_549_568.0 ? UInt64.max : UInt64(scaled))
            k += 1
        }
        thresholds = table
    }

    /// `P(Z ≥ k)`: `p^k / (1 + p)` for `k ≥ 1`, and `1 − P(Z ≥ 1 − k)` (symmetry) for `k ≤ 0`.
    public func upperTail(_ k: Int) -> Double {
        k <= 0 ? 1 - upperTail(1 - k) : exp(-epsilon * Double(k)) / (1 + decay)
    }

    /// `P(Z = z)`.
    public func probability(of z: Int) -> Double {
        (1 - decay) / (1 + decay) * exp(-epsilon * Double(abs(z)))
    }

    /// One draw of `Z`.
    /// - Complexity: O(1) expected: the table walk takes `1 + E|Z|` comparisons (≈ 1.9 at ε = 1).
    @inlinable
    public func sample(using random: inout some SecureRandom) -> Int {
        sampleMagnitudeAndSign(random.next(), random.next())
    }

    /// The draw for two given uniform words (the first picks the magnitude, the second's low
    /// bit the sign). Exposed for tests that need exact control of the input.
    @usableFromInline
    func sampleMagnitudeAndSign(_ magnitudeWord: UInt64, _ signWord: UInt64) -> Int {
        var magnitude = 0
        while magnitude < thresholds.count && magnitudeWord < thresholds[magnitude] { magnitude += 1 }
        return signWord & 1 == 0 ? magnitude : -magnitude
    }
}
