import Foundation

/// The analytic Gaussian mechanism (Balle & Wang, ICML 2018, Theorem 8): the smallest noise σ
/// for which adding `N(0, σ²)` to each coordinate of a vector of L2 sensitivity Δ is (ε, δ)-DP.
///
/// The condition is exact (unlike the classic `σ = Δ·√(2 ln(1.25/δ))/ε`, which is loose and
/// only valid for ε < 1):
/// `Φ(Δ/(2σ) − εσ/Δ) − e^ε · Φ(−Δ/(2σ) − εσ/Δ) ≤ δ`. The left side decreases in σ, so σ is
/// found by bisection to a relative precision of 10⁻¹², rounded up.
public struct AnalyticGaussian: Sendable, Equatable {
    /// ε of the guarantee.
    public let epsilon: Double
    /// δ of the guarantee.
    public let delta: Double
    /// L2 sensitivity Δ (1 for sums of vectors clipped to unit norm, one per person).
    public let sensitivity: Double
    /// The calibrated standard deviation per coordinate.
    public let sigma: Double

    /// Calibrates σ for (ε, δ) at sensitivity Δ.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for ε outside
    ///   `0.001...50`, δ outside `(0, 0.1]` or a sensitivity that is not positive and finite.
    public init(epsilon: Double, delta: Double, sensitivity: Double = 1) throws(HeatAggregationError) {
        guard epsilon.isFinite, epsilon >= 0.001, epsilon <= 50 else {
            throw .invalidParameter(
                name: "epsilon", value: epsilon, reason: "must be finite and in 0.001...50")
        }
        guard delta.isFinite, delta > 0, delta <= 0.1 else {
            throw .invalidParameter(name: "delta", value: delta, reason: "must be in (0, 0.1]")
        }
        guard sensitivity.isFinite, sensitivity > 0 else {
            throw .invalidParameter(
                name: "sensitivity", value: sensitivity, reason: "must be positive and finite")
        }
        self.epsilon = epsilon
        self.delta = delta
        self.sensitivity = sensitivity
        var low = 1e-6 * sensitivity
        var high = sensitivity
        while Self.privacyLoss(sigma: high, epsilon: epsilon, sensitivity: sensitivity) > delta { high *= 2 }
        while (high - low) > 1e-12 * high {
            let middle = (low + high) / 2
            if Self.privacyLoss(sigma: middle, epsilon: epsilon, sensitivity: sensitivity) > delta {
                low = middle
            } else {
                high = middle
            }
        }
        sigma = high
    }

    /// The smallest δ for which σ gives (ε, δ)-DP at sensitivity Δ (Balle & Wang, Theorem 8).
    public static func privacyLoss(sigma: Double, epsilon: Double, sensitivity: Double) -> Double {
        let a = sensitivity / (2 * sigma)
        let b = epsilon * sigma / sensitivity
        return normalCDF(a - b) - exp(epsilon) * normalCDF(-a - b)
    }

    /// The standard normal distribution function, via `erfc` (accurate in the far tails).
    public static func normalCDF(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// One `N(0, σ²)` draw by the Box–Muller transform on two 53-bit uniforms in (0, 1].
    public func sample(using random: inout some SecureRandom) -> Double {
        let u1 = (Double(random.next() >> 11) + 1) * 0x1p-53
        let u2 = Double(random.next() >> 11) * 0x1p-53
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
