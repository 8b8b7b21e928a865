import Foundation

/// The discrete Gaussian on the integers, `P(Z = z) ∝ exp(−z² / (2σ²))`, with σ² a rational
/// `numerator / denominator`, sampled exactly.
///
/// Adding `Z` to an integer-valued query of L2 sensitivity Δ is `ρ = Δ² / (2σ²)`-zCDP
/// (Canonne, Kamath & Steinke 2020, arXiv 2004.00010, Theorem 4); zCDP composes by adding ρ.
/// The sampler is their Algorithm 3: a discrete Laplace proposal of integer scale
/// `t = ⌊σ⌋ + 1` (Algorithm 2) accepted with probability `exp(−(|Y| − σ²/t)² / (2σ²))`, every
/// trial an exact Bernoulli on integers (``ExactBernoulli``) fed by uniform 64-bit words from a
/// ``SecureRandom``. No floating-point value is ever rounded into the output (Mironov, CCS 2012).
public struct DiscreteGaussian: Sendable, Equatable {
    /// σ² = ``varianceNumerator`` / ``varianceDenominator``.
    public let varianceNumerator: UInt64
    /// The denominator of σ².
    public let varianceDenominator: UInt64
    /// The proposal's integer scale `t = ⌊σ⌋ + 1`.
    let scale: UInt64

    /// The denominator σ² is expressed over when derived from a ρ (``init(rho:)``).
    public static let standardDenominator: UInt64 = 1_024

    /// Creates the distribution with σ² = `varianceNumerator / varianceDenominator`.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` unless
    ///   σ² is in `1/1024 ... 10⁶` with a numerator and denominator below 2²⁰ · 1024.
    public init(varianceNumerator: UInt64, varianceDenominator: UInt64) throws(HeatAggregationError) {
        let limit: UInt64 = 1 << 30
        guard varianceDenominator > 0, varianceDenominator <= limit, varianceNumerator > 0,
            varianceNumerator <= limit,
            varianceNumerator * 1_024 >= varianceDenominator,
            varianceNumerator <= varianceDenominator * 1_000_000
        else {
            throw .invalidParameter(
                name: "sigmaSquared", value: Double(varianceNumerator) / Double(max(1, varianceDenominator)),
                reason: "must be a ratio of integers in 1...2^30 with a value in 1/1024...10^6")
        }
        self.varianceNumerator = varianceNumerator
        self.varianceDenominator = varianceDenominator
        // ⌊σ⌋ = the largest s with s² · d ≤ n, found exactly on integers.
        var s = UInt64((Double(varianceNumerator) / Double(varianceDenominator)).squareRoot())
        while s > 0 && s * s * varianceDenominator > varianceNumerator { s -= 1 }
        while (s + 1) * (s + 1) * varianceDenominator <= varianceNumerator { s += 1 }
        scale = s + 1
    }

    /// The distribution that is exactly `ρ′`-zCDP at sensitivity 1 for the largest `ρ′ ≤ rho`
    /// expressible with σ² over ``standardDenominator``: σ² = ⌈1024 / (2ρ)⌉ / 1024.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for ρ outside
    ///   `0.0000005...512`.
    public init(rho: Double) throws(HeatAggregationError) {
        guard rho.isFinite, rho >= 5e-7, rho <= 512 else {
            throw .invalidParameter(name: "rho", value: rho, reason: "must be finite and in 0.0000005...512")
        }
        let numerator = (Double(Self.standardDenominator) / (2 * rho)).rounded(.up)
        try self.init(varianceNumerator: UInt64(numerator), varianceDenominator: Self.standardDenominator)
    }

    /// σ² as a Double (for reporting; the sampler never uses it).
    public var sigmaSquared: Double { Double(varianceNumerator) / Double(varianceDenominator) }

    /// σ.
    public var sigma: Double { sigmaSquared.squareRoot() }

    /// The zCDP parameter at L2 sensitivity 1: `1 / (2σ²)`.
    public var rho: Double { 1 / (2 * sigmaSquared) }

    /// One draw (CKS Algorithm 3).
    /// - Complexity: O(1) expected: fewer than two proposals on average for σ ≥ 1, each a
    ///   handful of Bernoulli trials.
    public func sample(using random: inout some SecureRandom) -> Int {
        let n = varianceNumerator
        let d = varianceDenominator
        let t = scale
        while true {
            let y = sampleLaplace(using: &random)
            // γ = (|Y| − σ²/t)² / (2σ²) = (|Y|·d·t − n)² / (2·n·d·t²), on exact integers.
            let magnitude = UInt64(y.magnitude)
            let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: d * t)
            if overflow { continue }  // |Y| ≥ 2⁶⁴ / (d·t): acceptance below e^(−2⁴⁰); see note
            let a = scaled >= n ? scaled - n : n - scaled
            let b = 2 * n * d * t * t
            let (high, low) = a.multipliedFullWidth(by: a)
            if ExactBernoulli.expMinus(high: high, low: low, over: b, using: &random) { return y }
        }
    }

    /// A discrete Laplace draw of integer scale `t` (CKS Algorithm 2):
    /// `P(Y = y) ∝ exp(−|y| / t)`.
    func sampleLaplace(using random: inout some SecureRandom) -> Int {
        let t = scale
        while true {
            let u = random.next(upperBound: t)
            guard ExactBernoulli.expMinus(u, over: t, using: &random) else { continue }
            var v: UInt64 = 0
            while ExactBernoulli.expMinus(1, over: 1, using: &random) { v += 1 }
            let negative = random.next() & 1 == 1
            let value = u + t * v
            if negative && value == 0 { continue }
            return negative ? -Int(value) : Int(value)
        }
    }
}
