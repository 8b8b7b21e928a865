/// Exact Bernoulli trials on rationals from uniform integers, the building blocks of the
/// discrete Gaussian sampler (Canonne, Kamath & Steinke, "The Discrete Gaussian for Differential
/// Privacy", NeurIPS 2020, arXiv 2004.00010, Algorithm 1).
///
/// No floating point: every trial compares a uniform integer (Swift's unbiased
/// `next(upperBound:)`) with an integer numerator, so the probabilities are exact.
enum ExactBernoulli {
    /// True with probability `numerator / denominator` (`numerator ≤ denominator`, `denominator > 0`).
    static func trial(_ numerator: UInt64, over denominator: UInt64, using random: inout some SecureRandom) -> Bool {
        numerator >= denominator || random.next(upperBound: denominator) < numerator
    }

    /// True with probability `exp(−numerator / denominator)` (`denominator > 0`).
    ///
    /// For γ = n/d ≤ 1: draw `A_k ~ Bernoulli(γ / k)` for k = 1, 2, … until one fails; the
    /// result is whether that k is odd (CKS Algorithm 1). For γ > 1: ⌊γ⌋ independent
    /// `Bernoulli(e⁻¹)` trials must all succeed, then one `Bernoulli(exp(−(γ − ⌊γ⌋)))`.
    /// `Bernoulli(γ / k)` is `Bernoulli(n/d) ∧ Bernoulli(1/k)`, so no product can overflow.
    static func expMinus(_ numerator: UInt64, over denominator: UInt64, using random: inout some SecureRandom) -> Bool {
        var whole = numerator / denominator
        while whole > 0 {
            guard expMinusFraction(1, over: 1, using: &random) else { return false }
            whole -= 1
        }
        return expMinusFraction(numerator % denominator, over: denominator, using: &random)
    }

    /// `exp(−γ)` for a γ = n/d given as the 128-bit numerator `(high, low)` over `denominator`:
    /// the quotient is split off with a full-width division. A quotient of 2⁶⁴ or more (the
    /// probability is below `e^(−2⁶⁴)`) runs `Bernoulli(e⁻¹)` trials until one fails, which is
    /// exact up to that unreachable probability.
    static func expMinus(
        high: UInt64, low: UInt64, over denominator: UInt64, using random: inout some SecureRandom
    ) -> Bool {
        guard high < denominator else {
            while expMinusFraction(1, over: 1, using: &random) {}
            return false
        }
        let (quotient, remainder) = denominator.dividingFullWidth((high: high, low: low))
        var whole = quotient
        while whole > 0 {
            guard expMinusFraction(1, over: 1, using: &random) else { return false }
            whole -= 1
        }
        return expMinusFraction(remainder, over: denominator, using: &random)
    }

    /// `exp(−γ)` for γ = n/d in [0, 1] (CKS Algorithm 1, first case).
    private static func expMinusFraction(
        _ numerator: UInt64, over denominator: UInt64, using random: inout some SecureRandom
    ) -> Bool {
        var k: UInt64 = 1
        while trial(numerator, over: denominator, using: &random) && trial(1, over: k, using: &random) {
            k += 1
        }
        return k % 2 == 1
    }
}
