import Foundation
import GeoKit
import HeatAggregation
import Testing

@Suite("The release mechanism is (ε, δ)-DP, and the tester can tell")
struct DifferentialPrivacyTests {
    static let runs = 100_000
    static let epsilon = 1.0
    static let delta = 1e-6

    /// Outputs of `mechanism` for a tile with `count` contributors (0: the tile has none and
    /// is never considered).
    static func outputs(
        count: Int, seed: UInt64, _ mechanism: (Int, inout SeededSecureRandom) -> Int?
    ) -> [Int?] {
        var random = SeededSecureRandom(seed: seed)
        return (0..<runs).map { _ in count == 0 ? nil : mechanism(count, &random) }
    }

    /// The seed's scheme: show a tile when its raw count reaches k_min, then add noise.
    static func naive(kMin: Int, noise: DiscreteLaplace) -> (Int, inout SeededSecureRandom) -> Int? {
        { count, random in count >= kMin ? count + noise.sample(using: &random) : nil }
    }

    @Test(
        "noisy-threshold partition selection passes for neighbours around 0 and τ",
        arguments: [(1, 0), (2, 1), (14, 13), (15, 14), (16, 15), (30, 29)])
    func correctMechanismPasses(pair: (Int, Int)) throws {
        let mechanism = try NoisyThreshold(epsilon: Self.epsilon, delta: Self.delta, kMin: 5)
        let release = { (count: Int, random: inout SeededSecureRandom) in
            mechanism.release(count: count, using: &random)
        }
        let d = Self.outputs(count: pair.0, seed: 11, release)
        let dPrime = Self.outputs(count: pair.1, seed: 12, release)
        let violations = DPTester(epsilon: Self.epsilon, delta: Self.delta).violations(d, dPrime)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("the tester rejects the seed's naive mechanism (raw gate at k_min, then noise)")
    func naiveMechanismFails() throws {
        let noise = try DiscreteLaplace(epsilon: Self.epsilon)
        let naive = Self.naive(kMin: 5, noise: noise)
        let d = Self.outputs(count: 5, seed: 21, naive)
        let dPrime = Self.outputs(count: 4, seed: 22, naive)
        let violations = DPTester(epsilon: Self.epsilon, delta: Self.delta).violations(d, dPrime)
        #expect(!violations.isEmpty)
        #expect(violations.contains { $0.bucket == "not released" })
    }

    @Test("the tester rejects a threshold that ignores δ (noisy count ≥ k_min = 5)")
    func thresholdIgnoringDeltaFails() throws {
        // P(1 + Z ≥ 5) = p⁴ / (1 + p) ≈ 0.013 at ε = 1: a lone contributor shows far more often than δ.
        let noise = try DiscreteLaplace(epsilon: Self.epsilon)
        let lowTau = { (count: Int, random: inout SeededSecureRandom) -> Int? in
            let noisy = count + noise.sample(using: &random)
            return noisy >= 5 ? noisy : nil
        }
        let d = Self.outputs(count: 1, seed: 41, lowTau)
        let dPrime = Self.outputs(count: 0, seed: 42, lowTau)
        let violations = DPTester(epsilon: Self.epsilon, delta: Self.delta).violations(d, dPrime)
        #expect(violations.contains { $0.bucket == "released (any value)" })
    }

    @Test("the tester rejects a mechanism with half the noise it claims")
    func underNoisedMechanismFails() throws {
        // Claims ε = 1 but draws noise for ε = 2: the likelihood ratio e² shows in the buckets.
        let mechanism = try NoisyThreshold(epsilon: 2, delta: Self.delta, kMin: 5)
        let release = { (count: Int, random: inout SeededSecureRandom) in
            mechanism.release(count: count, using: &random)
        }
        let d = Self.outputs(count: 20, seed: 31, release)
        let dPrime = Self.outputs(count: 19, seed: 32, release)
        #expect(!DPTester(epsilon: Self.epsilon, delta: Self.delta).violations(d, dPrime).isEmpty)
    }

    /// A configuration with all three levels enabled (base 0.5 count / 0.3 facets, parents 0.1
    /// count each) at the recommended daily target, with 4 facets.
    static let threeLevels = HeatConfiguration.daily(
        epsilon: 2, delta: 1e-5, dailyEpochCap: 8,
        shares: [LevelShare(count: 0.5, facets: 0.3), LevelShare(count: 0.1, facets: 0), LevelShare(count: 0.1, facets: 0)],
        facetCount: 4, facetCodebookVersion: "test-1")

    /// The δ the tester allows on top of the selection δ when it converts a ρ to (ε, δ).
    static let testerDelta = 1e-3

    @Test("each level's count mechanism is DP at that level's own share, around 0 and τ", arguments: [0, 1, 2])
    func levelAtItsOwnShare(level: Int) throws {
        let mechanisms = try Self.threeLevels.mechanisms()
        let count = try #require(mechanisms[level].count)
        let epsilon = ZeroConcentratedConversion.epsilon(rho: count.noise.rho, delta: Self.testerDelta)
        let tester = DPTester(epsilon: epsilon, delta: Self.testerDelta + count.delta)
        let release = { (n: Int, random: inout SeededSecureRandom) in count.release(count: n, using: &random) }
        for (n, neighbour) in [(1, 0), (count.tau, count.tau - 1), (count.tau + 10, count.tau + 9)] {
            let violations = tester.violations(
                Self.outputs(count: n, seed: UInt64(300 + 10 * level + n), release),
                Self.outputs(count: neighbour, seed: UInt64(400 + 10 * level + n), release))
            #expect(violations.isEmpty, "level \(level) pair (\(n), \(neighbour)): \(violations)")
        }
        // The same tester rejects this level's threshold drawn with a quarter of its σ (ρ × 16).
        let underNoised = try GaussianThreshold(
            noise: try DiscreteGaussian(rho: 16 * count.noise.rho), delta: count.delta, kMin: count.kMin)
        let weak = { (n: Int, random: inout SeededSecureRandom) in underNoised.release(count: n, using: &random) }
        let n = count.tau + 10
        #expect(
            !tester.violations(
                Self.outputs(count: n, seed: 501, weak), Self.outputs(count: n - 1, seed: 502, weak)
            ).isEmpty)
    }

    /// Outputs of a whole epoch close for one base tile with `facets` (one entry per person:
    /// the facet named), bucketed as (released, noisy count, noisy cell of facet 0).
    static func facetCloseOutputs(
        configuration: HeatConfiguration, facets: [Int], seed: UInt64, runs: Int = runs, cellOnly: Bool = false,
        release: (EpochAggregator, inout SeededSecureRandom) -> HeatRelease
    ) throws -> [Int?] {
        let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        var template = try EpochAggregator(epoch: 1, configuration: configuration)
        for facet in facets { try template.add(tile: tile, facet: facet) }
        var random = SeededSecureRandom(seed: seed)
        return (0..<runs).map { _ in
            release(template, &random).tile(tile).map {
                (cellOnly ? 0 : $0.noisyCount * 10_000) + ($0.facets.first ?? 0) + 5_000
            }
        }
    }

    @Test("the release with facets is DP at the base level's count + facet ρ; a raw histogram is not")
    func facetReleasePasses() throws {
        let configuration = Self.threeLevels
        let mechanisms = try configuration.mechanisms()
        let base = try #require(mechanisms[0].count)
        let facetNoise = try #require(mechanisms[0].facets)
        let epsilon = ZeroConcentratedConversion.epsilon(rho: base.noise.rho + facetNoise.rho, delta: Self.testerDelta)
        let tester = DPTester(epsilon: epsilon, delta: Self.testerDelta + base.delta)
        // A busy tile (τ + 10 people, a third naming facet 0); the neighbour lacks one of them.
        let people = base.tau + 10
        let d = Array(repeating: 0, count: people / 3) + Array(repeating: 1, count: people - people / 3)
        let dPrime = Array(d.dropFirst())
        let close = { (aggregator: EpochAggregator, random: inout SeededSecureRandom) in
            aggregator.close(using: &random)
        }
        let runs = 60_000
        let violations = tester.violations(
            try Self.facetCloseOutputs(configuration: configuration, facets: d, seed: 601, runs: runs, release: close),
            try Self.facetCloseOutputs(configuration: configuration, facets: dPrime, seed: 602, runs: runs, release: close))
        #expect(violations.isEmpty, "\(violations)")
        // Naive facet scheme: the released tile shows its raw histogram (the noisy count gates
        // it). Bucketed on the facet-0 cell alone (a coarser event, still a valid test).
        let rawD = try Self.facetCloseOutputs(
            configuration: configuration, facets: d, seed: 603, runs: runs, cellOnly: true,
            release: Self.rawHistogram(facet0: d.filter { $0 == 0 }.count))
        let rawDPrime = try Self.facetCloseOutputs(
            configuration: configuration, facets: dPrime, seed: 604, runs: runs, cellOnly: true,
            release: Self.rawHistogram(facet0: dPrime.filter { $0 == 0 }.count))
        #expect(!tester.violations(rawD, rawDPrime).isEmpty)
    }

    /// The naive facet scheme: a released tile shows the exact number of its people naming
    /// facet 0 (only the count is noised and gated).
    static func rawHistogram(facet0: Int) -> (EpochAggregator, inout SeededSecureRandom) -> HeatRelease {
        { aggregator, random in
            let noisy = aggregator.close(using: &random)
            return HeatRelease(
                epoch: noisy.epoch, parameters: noisy.parameters,
                tiles: noisy.tiles.map { ReleasedTile(tile: $0.tile, noisyCount: $0.noisyCount, facets: [facet0]) })
        }
    }

    @Test("the whole epoch close (three levels, roll-up, facets) is DP at the summed budget")
    func epochClosePasses() throws {
        let configuration = Self.threeLevels
        let parameters = try configuration.publishedParameters()
        let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        let epsilon = ZeroConcentratedConversion.epsilon(rho: parameters.epochRho, delta: Self.testerDelta)
        let tester = DPTester(epsilon: epsilon, delta: Self.testerDelta + parameters.epochSelectionDelta)
        func run(count: Int, seed: UInt64) throws -> [Int?] {
            var random = SeededSecureRandom(seed: seed)
            var template = try EpochAggregator(epoch: 1, configuration: configuration)
            for person in 0..<count { try template.add(tile: tile, facet: person % 4) }
            return (0..<20_000).map { _ in
                template.close(using: &random).tiles.first.map { $0.tile.level * 100_000 + $0.noisyCount }
            }
        }
        let tau = parameters.levels[0].tau
        for (count, neighbour) in [(tau, tau - 1), (1, 0)] {
            let violations = tester.violations(
                try run(count: count, seed: UInt64(100 + count)),
                try run(count: neighbour, seed: UInt64(200 + count)))
            #expect(violations.isEmpty, "pair (\(count), \(neighbour)): \(violations)")
        }
    }
}
