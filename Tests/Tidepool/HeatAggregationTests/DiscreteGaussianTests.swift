import Foundation
import HeatAggregation
import Testing

/// The exact discrete Gaussian, computed here independently of `DiscreteGaussian`: the
/// unnormalised mass `exp(−z²/(2σ²))` summed by brute force over |z| ≤ 4000.
struct ExactDiscreteGaussian {
    let sigmaSquared: Double
    let normaliser: Double

    init(sigmaSquared: Double) {
        self.sigmaSquared = sigmaSquared
        var total = 0.0
        for z in -4_000...4_000 { total += exp(-Double(z * z) / (2 * sigmaSquared)) }
        normaliser = total
    }

    func mass(_ z: Int) -> Double { exp(-Double(z * z) / (2 * sigmaSquared)) / normaliser }

    /// P(Z ≥ k), summed term by term from the far end (small terms first, for accuracy).
    func tail(_ k: Int) -> Double {
        var total = 0.0
        for z in stride(from: 4_000, through: k, by: -1) { total += mass(z) }
        return total
    }

    /// The exact probability that a tile with one contributor is released at threshold τ.
    func singleContributorRelease(tau: Int) -> Double { tail(tau - 1) }
}

@Suite("The discrete Gaussian is sampled exactly, and its thresholds keep their δ")
struct DiscreteGaussianTests {
    @Test("the sampler's histogram, mean and variance match the exact distribution", arguments: [9.0, 0.5, 64.0])
    func samplerMatchesDistribution(sigmaSquared: Double) throws {
        let noise = try DiscreteGaussian(
            varianceNumerator: UInt64(sigmaSquared * 1_024), varianceDenominator: 1_024)
        let exact = ExactDiscreteGaussian(sigmaSquared: sigmaSquared)
        let runs = 200_000
        var random = SeededSecureRandom(seed: 7)
        var counts: [Int: Int] = [:]
        var sum = 0.0
        var squares = 0.0
        for _ in 0..<runs {
            let z = noise.sample(using: &random)
            counts[z, default: 0] += 1
            sum += Double(z)
            squares += Double(z * z)
        }
        // χ² over the bins with expected count ≥ 20, the rest pooled in two tails.
        let sigma = sigmaSquared.squareRoot()
        let edge = max(1, Int((4 * sigma).rounded(.down)))
        var chiSquared = 0.0
        var bins = 0
        func add(observed: Int, probability: Double) {
            let expected = probability * Double(runs)
            chiSquared += (Double(observed) - expected) * (Double(observed) - expected) / expected
            bins += 1
        }
        for z in -edge...edge { add(observed: counts[z] ?? 0, probability: exact.mass(z)) }
        let upper = counts.filter { $0.key > edge }.values.reduce(0, +)
        let lower = counts.filter { $0.key < -edge }.values.reduce(0, +)
        if exact.tail(edge + 1) * Double(runs) >= 5 {
            add(observed: upper, probability: exact.tail(edge + 1))
            add(observed: lower, probability: exact.tail(edge + 1))
        } else {
            // Too few expected to bin: the pooled count is Poisson with mean 2·tail·n.
            let expected = 2 * exact.tail(edge + 1) * Double(runs)
            #expect(Double(upper + lower) <= expected + 5 * expected.squareRoot() + 5)
        }
        // 99.99 % quantile of χ² with df ≤ 70 is below 2·df + 40; a biased sampler (e.g. the
        // continuous Gaussian rounded, or a Laplace) exceeds it by orders of magnitude.
        let df = Double(bins - 1)
        #expect(chiSquared < 2 * df + 40, "χ² = \(chiSquared) on \(df) degrees of freedom")
        var variance = 0.0
        for z in -4_000...4_000 { variance += Double(z * z) * exact.mass(z) }
        let mean = sum / Double(runs)
        let empiricalVariance = squares / Double(runs) - mean * mean
        #expect(abs(mean) < 5 * (variance / Double(runs)).squareRoot())
        // Var of the sample variance ≈ 2σ⁴/n for a near-Gaussian: allow 5 standard errors.
        #expect(abs(empiricalVariance - variance) < 5 * variance * (2 / Double(runs)).squareRoot())
        #expect(abs(noise.upperTail(1) - exact.tail(1)) < 1e-12)
    }

    @Test("the tail the thresholds use equals the exact sum of the normalised mass")
    func tailIsExact() throws {
        for sigmaSquared in [0.5, 9.0, 66.75, 200.0] {
            let noise = try DiscreteGaussian(
                varianceNumerator: UInt64(sigmaSquared * 1_024), varianceDenominator: 1_024)
            let exact = ExactDiscreteGaussian(sigmaSquared: sigmaSquared)
            for k in [1, 2, 5, 10, 20, 40, 60] {
                let expected = exact.tail(k)
                guard expected > 1e-300 else { continue }
                #expect(abs(noise.upperTail(k) - expected) <= 1e-9 * expected, "σ² \(sigmaSquared), k \(k)")
            }
        }
    }

    /// Whether a threshold's claimed δ holds: the exact single-contributor release
    /// probability must not exceed it.
    static func deltaHolds(sigmaSquared: Double, tau: Int, claimed: Double) -> Bool {
        ExactDiscreteGaussian(sigmaSquared: sigmaSquared).singleContributorRelease(tau: tau) <= claimed
    }

    @Test("every enabled level's τ keeps its claimed δ exactly, and τ − 1 would not")
    func thresholdsKeepTheirDelta() throws {
        for configuration in [HeatConfiguration.partitionSelection, DifferentialPrivacyTests.threeLevels] {
            let mechanisms = try configuration.mechanisms()
            for (budget, mechanism) in zip(configuration.levels, mechanisms) {
                guard let count = mechanism.count else { continue }
                let sigmaSquared = count.noise.sigmaSquared
                #expect(Self.deltaHolds(sigmaSquared: sigmaSquared, tau: count.tau, claimed: budget.selectionDelta))
                if count.tau > count.kMin {
                    #expect(!Self.deltaHolds(sigmaSquared: sigmaSquared, tau: count.tau - 1, claimed: budget.selectionDelta))
                }
                let exact = ExactDiscreteGaussian(sigmaSquared: sigmaSquared).singleContributorRelease(tau: count.tau)
                #expect(abs(count.singleContributorRelease - exact) <= 1e-9 * exact)
            }
        }
    }

    @Test("the δ check catches a threshold whose true δ is 90 times its claim")
    func ninetyTimesTheClaimIsCaught() throws {
        let count = try #require(try HeatConfiguration.partitionSelection.mechanisms()[0].count)
        let sigmaSquared = count.noise.sigmaSquared
        let exact = ExactDiscreteGaussian(sigmaSquared: sigmaSquared)
        // The largest τ′ whose single-contributor release probability is at least 90 × δ.
        var tau = count.tau
        while exact.singleContributorRelease(tau: tau) < 90 * count.delta { tau -= 1 }
        let ratio = exact.singleContributorRelease(tau: tau) / count.delta
        #expect(ratio >= 90)
        #expect(!Self.deltaHolds(sigmaSquared: sigmaSquared, tau: tau, claimed: count.delta))
        // The stochastic tester could not see this (a release rate of ~10⁻⁴ in 10⁵ runs is
        // ~10 events); the exact tail does.
    }

    @Test("the sampler's empirical release rate at a moderate threshold matches the exact tail")
    func empiricalReleaseRate() throws {
        let noise = try DiscreteGaussian(varianceNumerator: 4 * 1_024, varianceDenominator: 1_024)
        let threshold = try GaussianThreshold(noise: noise, delta: 0.01, kMin: 1)
        let exact = ExactDiscreteGaussian(sigmaSquared: 4).singleContributorRelease(tau: threshold.tau)
        let runs = 200_000
        var random = SeededSecureRandom(seed: 17)
        var released = 0
        for _ in 0..<runs where threshold.release(count: 1, using: &random) != nil { released += 1 }
        let rate = Double(released) / Double(runs)
        #expect(abs(rate - exact) < 5 * (exact * (1 - exact) / Double(runs)).squareRoot())
    }

    @Test("σ² is validated and ρ rounds to a rational σ² that never spends more than asked")
    func parametersValidated() throws {
        #expect(throws: HeatAggregationError.self) { try DiscreteGaussian(rho: 0) }
        #expect(throws: HeatAggregationError.self) { try DiscreteGaussian(rho: .nan) }
        #expect(throws: HeatAggregationError.self) {
            try DiscreteGaussian(varianceNumerator: 0, varianceDenominator: 1)
        }
        for rho in [0.0075, 0.005, 0.1, 3.0] {
            let noise = try DiscreteGaussian(rho: rho)
            #expect(noise.rho <= rho)
            #expect(noise.rho > rho * 0.99)
        }
    }
}
