import Foundation
import HeatAggregation
import Testing

@Suite("The daily guarantee: zCDP accounting recomputed independently")
struct PrivacyAccountingTests {
    /// CKS Corollary 13 written out here: δ(ε, α) = exp((α−1)(αρ−ε)) / (α−1) · (1 − 1/α)^α,
    /// solved for ε at one α.
    static func epsilon(rho: Double, delta: Double, alpha: Double) -> Double {
        // ln δ = (α−1)(αρ − ε) − ln(α−1) + α ln(1 − 1/α)  ⇒  ε = αρ − (ln δ + ln(α−1) − α ln(1−1/α)) / (α−1)
        alpha * rho - (log(delta) + log(alpha - 1) - alpha * log(1 - 1 / alpha)) / (alpha - 1)
    }

    /// The smallest ε over a brute-force α grid (1.01 … 1000, step 0.01).
    static func bruteEpsilon(rho: Double, delta: Double) -> Double {
        var best = Double.infinity
        var alpha = 1.01
        while alpha < 1_000 {
            best = min(best, epsilon(rho: rho, delta: delta, alpha: alpha))
            alpha += 0.01
        }
        return best
    }

    @Test("the recommended configuration meets ε ≤ 2, δ ≤ 10⁻⁵ per person per day, recomputed from σ²")
    func recommendedMeetsTheTarget() throws {
        let parameters = try HeatConfiguration.recommended.publishedParameters()
        // Independent recomputation from the published σ and τ only.
        var epochRho = 0.0
        var epochSelection = 0.0
        for level in parameters.levels where level.enabled {
            epochRho += 1 / (2 * level.countSigma * level.countSigma)
            if level.facetSigma > 0 { epochRho += 1 / (2 * level.facetSigma * level.facetSigma) }
            let exact = ExactDiscreteGaussian(sigmaSquared: level.countSigma * level.countSigma)
            epochSelection += exact.singleContributorRelease(tau: level.tau)
        }
        let dayRho = Double(parameters.dailyEpochCap) * epochRho
        #expect(abs(parameters.dayRho - dayRho) < 1e-12)
        let dayEpsilon = Self.bruteEpsilon(rho: dayRho, delta: parameters.conversionDelta)
        let dayDelta = parameters.conversionDelta + Double(parameters.dailyEpochCap) * epochSelection
        // The published ε is the minimum over α: never above the brute-force grid's, and close.
        #expect(parameters.dayEpsilon <= dayEpsilon + 1e-9)
        #expect(parameters.dayEpsilon > dayEpsilon - 1e-3)
        #expect(abs(parameters.dayDelta - dayDelta) <= 1e-9 * dayDelta)
        #expect(dayEpsilon <= 2)
        #expect(dayDelta <= 1e-5)
        #expect(parameters.withinDayTarget)
        // And the classic conversion would have been looser.
        #expect(ZeroConcentratedConversion.classicEpsilon(rho: dayRho, delta: parameters.conversionDelta) > dayEpsilon)
    }

    @Test("a configuration over its daily target is reported as such")
    func overTargetReported() throws {
        var configuration = HeatConfiguration.recommended
        configuration.dailyEpochCap = 32  // four times the epochs the budgets were planned for
        let parameters = try configuration.publishedParameters()
        #expect(parameters.dayEpsilon > 2)
        #expect(!parameters.withinDayTarget)
        #expect(abs(parameters.dayRho - 4 * (try HeatConfiguration.recommended.publishedParameters()).dayRho) < 1e-12)
    }

    @Test("the per-epoch figures compose the mechanisms' ρ and δ_τ")
    func epochComposition() throws {
        let parameters = try DifferentialPrivacyTests.threeLevels.publishedParameters()
        let rho = parameters.levels.reduce(0) { $0 + $1.countRho + $1.facetRho }
        #expect(abs(parameters.epochRho - rho) < 1e-15)
        #expect(parameters.levels.allSatisfy { $0.singleContributorRelease <= $0.countDelta })
        #expect(abs(parameters.epochDelta - parameters.conversionDelta - parameters.epochSelectionDelta) < 1e-18)
        #expect(parameters.withinDayTarget)
        #expect(parameters.levels[1].facetRho == 0)
        #expect(parameters.levels[0].facetSigma > 0)
    }

    @Test("the conversion search finds ε(ρ) within 10⁻⁶ of a fine brute-force minimum", arguments: [0.01, 0.1, 1.0])
    func conversionMatchesBruteForce(rho: Double) {
        let found = ZeroConcentratedConversion.epsilon(rho: rho, delta: 5e-6)
        let brute = Self.bruteEpsilon(rho: rho, delta: 5e-6)
        #expect(found <= brute + 1e-9)
        #expect(found > brute - 1e-3)
    }
}
