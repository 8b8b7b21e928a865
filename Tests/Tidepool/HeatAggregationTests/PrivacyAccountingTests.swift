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

    @Test(
        "the recommended configuration (and the old partition-selection one) meets ε ≤ 2, δ ≤ 10⁻⁵ per person per day, recomputed from σ²",
        arguments: ["recommended", "partition selection"])
    func recommendedMeetsTheTarget(name: String) throws {
        let configuration = name == "recommended" ? HeatConfiguration.recommended : .partitionSelection
        let parameters = try configuration.publishedParameters()
        // Independent recomputation from the published σ and τ only; over a public domain τ is
        // a display threshold and no selection δ is spent.
        var epochRho = 0.0
        var epochSelection = 0.0
        for level in parameters.levels where level.enabled {
            epochRho += 1 / (2 * level.countSigma * level.countSigma)
            if level.facetSigma > 0 { epochRho += 1 / (2 * level.facetSigma * level.facetSigma) }
            let exact = ExactDiscreteGaussian(sigmaSquared: level.countSigma * level.countSigma)
            if configuration.publicDomainSize == 0 { epochSelection += exact.singleContributorRelease(tau: level.tau) }
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

    @Test("the recommended configuration is what the measured curve chose: a public tile domain, hourly epochs")
    func recommendedIsTheCurvesChoice() throws {
        let configuration = HeatConfiguration.recommended
        #expect(configuration.epochSeconds == 3_600)
        #expect(configuration.publicDomainSize == HeatConfiguration.recommendedPublicDomainSize)
        // Every hourly epoch: a phone plans its batch before it knows where it will be.
        #expect(configuration.dailyEpochCap == 24)
        // A release stays readable until the next one replaces it: one epoch, not 30 minutes.
        #expect(configuration.ttlSeconds == 3_600)
        let parameters = try configuration.publishedParameters()
        #expect(parameters.epochsPerDay == 24)
        #expect(parameters.epochSelectionDelta == 0)
        #expect(parameters.levels[0].singleContributorRelease == 0)
        // All of δ is the conversion's; the curve's τ for a 10⁴-tile domain at ε 2 over 24
        // epochs is 54 (σ 13.6).
        #expect(parameters.conversionDelta == 1e-5)
        #expect(parameters.levels[0].tau == 54)
        // Count-only it spends the count's 60 % of the day's ρ (ε ≈ 1.51); a server with facets all of it.
        #expect(parameters.dayEpsilon <= 2 && parameters.dayEpsilon > 1.5)
        // The old default is kept under its own name, unchanged.
        #expect(HeatConfiguration.partitionSelection.epochSeconds == 900)
        #expect(HeatConfiguration.partitionSelection.publicDomainSize == 0)
        #expect(try HeatConfiguration.partitionSelection.publishedParameters().levels[0].tau == 41)
    }

    @Test("a TTL longer than 30 minutes is refused unless the epoch is that long")
    func ttlLimitFollowsTheEpoch() throws {
        var quarter = HeatConfiguration.partitionSelection
        quarter.ttlSeconds = 3_600
        #expect(throws: HeatAggregationError.self) { try quarter.mechanisms() }
        var hourly = HeatConfiguration.recommended
        hourly.ttlSeconds = 3_601
        #expect(throws: HeatAggregationError.self) { try hourly.mechanisms() }
        #expect(HeatConfiguration.defaultTTLSeconds(epochSeconds: 900) == 1_800)
        #expect(HeatConfiguration.defaultTTLSeconds(epochSeconds: 3_600) == 3_600)
        #expect(HeatConfiguration.defaultTTLSeconds(epochSeconds: 60) == 120)
    }

    @Test("a configuration over its daily target is reported as such")
    func overTargetReported() throws {
        var configuration = HeatConfiguration.daily(
            epsilon: 2, delta: 1e-5, dailyEpochCap: 8, epochSeconds: 3_600, ttlSeconds: 3_600, publicDomainSize: 10_000)
        let planned = try configuration.publishedParameters()
        configuration.dailyEpochCap = 24  // three times the epochs the budgets were planned for
        let parameters = try configuration.publishedParameters()
        #expect(parameters.dayEpsilon > 2)
        #expect(!parameters.withinDayTarget)
        #expect(abs(parameters.dayRho - 3 * planned.dayRho) < 1e-12)
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

@Suite("The statement: unit, window, neighbour relation and the week's and year's composition")
struct PrivacyStatementTests {
    @Test("each horizon composes its epochs in zCDP and adds its selection δs")
    func horizons() throws {
        let parameters = try HeatConfiguration.recommended.publishedParameters()
        let cap = parameters.dailyEpochCap
        let conversion = parameters.conversionDelta
        for (epochs, epsilon, delta) in [
            (cap, parameters.anyDayEpsilon, parameters.anyDayDelta),
            (7 * cap, parameters.weekEpsilon, parameters.weekDelta),
            (365 * cap, parameters.yearEpsilon, parameters.yearDelta),
        ] {
            let rho = Double(epochs) * parameters.epochRho
            let stated = try #require(epsilon)
            #expect(stated <= PrivacyAccountingTests.bruteEpsilon(rho: rho, delta: conversion) + 1e-9)
            #expect(stated > PrivacyAccountingTests.bruteEpsilon(rho: rho, delta: conversion) - 1e-3)
            #expect(abs(try #require(delta) - (conversion + Double(epochs) * parameters.epochSelectionDelta)) < 1e-15)
        }
        // The cap holds over any 24 hours, so any 24 hours cost what a UTC day costs.
        #expect(parameters.anyDayEpochCap == cap)
        // Longer horizons cost more.
        let week = try #require(parameters.weekEpsilon)
        let year = try #require(parameters.yearEpsilon)
        #expect(abs(parameters.dayEpsilon - (parameters.anyDayEpsilon ?? 0)) < 1e-9)
        #expect(abs(parameters.dayDelta - (parameters.anyDayDelta ?? 0)) < 1e-15)
        #expect((parameters.anyDayEpsilon ?? .infinity) < week)
        #expect(week < year)
    }

    @Test("the unit, window and neighbour relation say what is enforced")
    func words() throws {
        let parameters = try HeatConfiguration.recommended.publishedParameters()
        #expect(parameters.unit.hasPrefix("per App Attest key"))
        #expect(parameters.unit.contains("at most 24 in any 24 hours"))
        #expect(try #require(parameters.neighbourRelation).hasPrefix("add or remove one App Attest key's reports of any 24 hours"))
        #expect(try #require(parameters.window).contains("at most 24 tokens per App Attest key for the epochs of any 24 consecutive hours"))
    }

    @Test("over a public domain there is no selection δ: every horizon keeps the conversion δ")
    func publicDomainHasNoSelectionDelta() throws {
        let configuration = HeatConfiguration.daily(
            epsilon: 2, delta: 1e-5, dailyEpochCap: 8, epochSeconds: 3_600, publicDomainSize: 2_000)
        let parameters = try configuration.publishedParameters()
        #expect(parameters.epochSelectionDelta == 0)
        #expect(parameters.conversionDelta == 1e-5)
        #expect(parameters.dayDelta == 1e-5)
        #expect(parameters.yearDelta == 1e-5)
        #expect(parameters.dayEpsilon <= 2)
        #expect(parameters.withinDayTarget)
        #expect(parameters.publicDomainSize == 2_000)
        #expect(parameters.accounting.contains("public domain of 2000 base tiles"))
    }
}
