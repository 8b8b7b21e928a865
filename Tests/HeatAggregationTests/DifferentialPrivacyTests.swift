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

    @Test("the whole epoch close (three levels, roll-up) is DP at the summed count budget")
    func epochClosePasses() throws {
        let configuration = HeatConfiguration(
            epochSeconds: 900, ttlSeconds: 1_800, kMin: 5,
            levels: LevelBudget.split(epsilon: 4, delta: 6e-6, levels: 3), vectorDimension: 0)
        let template = try EpochAggregator(epoch: 1, configuration: configuration)
        let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        // Counts only: ε = 1 + ½ + ½, δ = 3·10⁻⁶.
        let countEpsilon = configuration.levels.reduce(0) { $0 + $1.countEpsilon }
        let countDelta = configuration.levels.reduce(0) { $0 + $1.countDelta }
        func run(count: Int, seed: UInt64) throws -> [Int?] {
            var random = SeededSecureRandom(seed: seed)
            var result: [Int?] = []
            result.reserveCapacity(Self.runs)
            for _ in 0..<Self.runs {
                var aggregator = template
                for _ in 0..<count { try aggregator.add(tile: tile) }
                let release = aggregator.close(using: &random)
                result.append(release.tiles.first.map { $0.tile.level * 10_000 + $0.noisyCount })
            }
            return result
        }
        let tester = DPTester(epsilon: countEpsilon, delta: countDelta)
        for (count, neighbour) in [(15, 14), (1, 0)] {
            let violations = tester.violations(
                try run(count: count, seed: UInt64(100 + count)),
                try run(count: neighbour, seed: UInt64(200 + count)))
            #expect(violations.isEmpty, "pair (\(count), \(neighbour)): \(violations)")
        }
    }
}
