import Foundation

/// DP partition selection on one grid level: a tile's count of distinct contributors gets
/// discrete Laplace noise and the tile is released only when the noisy count reaches ``tau``.
///
/// The release condition and the released value use the same noisy count, so the whole output
/// is post-processing of `n + Z`. Each person contributes to at most one tile (one token per
/// epoch), so for a tile present in both neighbouring datasets the output is ε-DP, and a tile
/// whose only contributor is removed is released with probability `P(1 + Z ≥ τ) ≤ δ`
/// (the construction of Google's differential-privacy library; Wilson et al., PoPETs 2020).
/// Tiles with no contributor are never considered, so they are never released.
///
/// Never gate on the raw count (the seed's "k-anonymity then noise"): whether a tile appears
/// would then reveal its exact count near the gate. ``kMin`` only raises τ.
public struct NoisyThreshold: Sendable, Equatable {
    /// The count noise.
    public let noise: DiscreteLaplace
    /// The δ the threshold was chosen for.
    public let delta: Double
    /// The smallest public count ever shown (the seed's k_min); τ is at least this.
    public let kMin: Int
    /// The release threshold on the noisy count.
    public let tau: Int

    /// Creates the mechanism, choosing ``tau`` as the smallest integer with
    /// `P(1 + Z ≥ τ) ≤ δ` and `τ ≥ kMin`. With `p = e^(−ε)`, `P(Z ≥ k) = p^k / (1 + p)`, so
    /// `τ = max(kMin, 1 + ⌈ln((1 + p)·δ) / ln p⌉)`: 15 for ε = 1, δ = 10⁻⁶.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for ε outside
    ///   `0.001...50`, δ outside `(0, 0.1]` or `kMin < 1`.
    public init(epsilon: Double, delta: Double, kMin: Int) throws(HeatAggregationError) {
        guard delta.isFinite, delta > 0, delta <= 0.1 else {
            throw .invalidParameter(name: "delta", value: delta, reason: "must be in (0, 0.1]")
        }
        guard kMin >= 1, kMin <= 1_000_000 else {
            throw .invalidParameter(name: "kMin", value: Double(kMin), reason: "must be in 1...1000000")
        }
        let noise = try DiscreteLaplace(epsilon: epsilon)
        self.noise = noise
        self.delta = delta
        self.kMin = kMin
        tau = Self.threshold(noise: noise, delta: delta, kMin: kMin)
    }

    /// The smallest τ ≥ kMin with `P(Z ≥ τ − 1) ≤ δ`, found by walking up from an estimate
    /// (exact comparison of the closed-form tail, so no off-by-one from rounding the logarithm).
    static func threshold(noise: DiscreteLaplace, delta: Double, kMin: Int) -> Int {
        let estimate = Int((log((1 + noise.decay) * delta) / log(noise.decay)).rounded(.up))
        var k = max(1, estimate - 2)
        while noise.upperTail(k) > delta { k += 1 }
        while k > 1 && noise.upperTail(k - 1) <= delta { k -= 1 }
        return max(kMin, k + 1)
    }

    /// The released noisy count for a tile with `count ≥ 1` contributors, or `nil` when the
    /// noisy count stays below τ.
    /// - Complexity: O(1) expected.
    @inlinable
    public func release(count: Int, using random: inout some SecureRandom) -> Int? {
        let noisy = count + noise.sample(using: &random)
        return noisy >= tau ? noisy : nil
    }
}
