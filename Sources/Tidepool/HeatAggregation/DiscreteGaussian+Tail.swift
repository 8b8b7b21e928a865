import Foundation

extension DiscreteGaussian {
    /// The normalising constant `Σ_{z ∈ ℤ} exp(−z² / (2σ²))`, summed until the terms are below
    /// 10⁻²⁰ of the sum (at most a few hundred σ of terms).
    public var normaliser: Double {
        let s2 = sigmaSquared
        var total = 1.0
        var z = 1.0
        while true {
            let term = exp(-z * z / (2 * s2))
            total += 2 * term
            if term < 1e-20 * total { break }
            z += 1
        }
        return total
    }

    /// `P(Z = z)`, normalised.
    public func probability(of z: Int) -> Double {
        let value = Double(z)
        return exp(-value * value / (2 * sigmaSquared)) / normaliser
    }

    /// `P(Z ≥ k)`, summed term by term from the distribution's mass (not a continuous
    /// approximation): for k ≥ 1 the terms `exp(−z²/(2σ²))`, z ≥ k, until they are below 10⁻¹⁸
    /// of the partial sum, over ``normaliser``; for k ≤ 0, `1 − P(Z ≥ 1 − k)` by symmetry.
    public func upperTail(_ k: Int) -> Double {
        guard k >= 1 else { return 1 - upperTail(1 - k) }
        let s2 = sigmaSquared
        var total = 0.0
        var z = Double(k)
        while true {
            let term = exp(-z * z / (2 * s2))
            total += term
            if term <= 1e-18 * total || term == 0 { break }
            z += 1
        }
        return total / normaliser
    }
}
