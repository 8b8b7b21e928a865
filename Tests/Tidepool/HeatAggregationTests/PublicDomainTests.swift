import Foundation
import GeoKit
import HeatAggregation
import Testing

@Suite("The public tile domain: noise on every tile, τ a display threshold, no selection δ")
struct PublicDomainTests {
    static let tiler = GridTiler.standard
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// `count` base tiles in a row east of the centre.
    static func tiles(_ count: Int) throws -> [TileID] {
        try (0..<count).map { index in
            tiler.tile(for: try Spherical.destination(from: center, bearing: 90, distance: Double(index) * 160))
        }
    }

    @Test("τ is the smallest count at which the domain's empty tiles show at most the expected number of times")
    func thresholdFromDomainSize() throws {
        let noise = try DiscreteGaussian(rho: 0.1013 / 8)
        let mechanism = try GaussianThreshold(
            noise: noise, publicDomainSize: 10_000, expectedNoiseOnlyTiles: 0.5, kMin: 5)
        #expect(10_000 * noise.upperTail(mechanism.tau) <= 0.5)
        #expect(10_000 * noise.upperTail(mechanism.tau - 1) > 0.5)
        #expect(mechanism.singleContributorRelease == 0)
        // A larger domain needs a higher threshold for the same expected empty tiles.
        let larger = try GaussianThreshold(
            noise: noise, publicDomainSize: 1_000_000, expectedNoiseOnlyTiles: 0.5, kMin: 5)
        #expect(larger.tau > mechanism.tau)
        #expect(throws: HeatAggregationError.self) {
            try GaussianThreshold(noise: noise, publicDomainSize: 0, expectedNoiseOnlyTiles: 0.5, kMin: 5)
        }
    }

    @Test("every domain tile gets noise, so an empty one can show; tiles outside the domain are dropped")
    func everyTileNoised() throws {
        let domainTiles = try Self.tiles(400)
        let domain = try PublicTileDomain(tiles: domainTiles)
        // Loud noise (σ ≈ 10) and a tiny expected count: τ well above zero.
        var configuration = HeatConfiguration.daily(
            epsilon: 2, delta: 1e-5, dailyEpochCap: 8, publicDomainSize: domain.count, expectedNoiseOnlyTiles: 20)
        configuration.levels[0].facetRho = 0
        let outside = Self.tiler.tile(for: Coordinate(uncheckedLatitude: 60.3, longitude: 25.3))
        #expect(!domain.contains(outside))
        var shownEmpty = 0
        for seed in 0..<20 {
            var aggregator = try EpochAggregator(epoch: 1, configuration: configuration, domain: domain)
            for _ in 0..<500 { try aggregator.add(tile: outside) }
            var random = SeededSecureRandom(seed: UInt64(seed))
            let release = aggregator.close(using: &random)
            #expect(!release.tiles.contains { $0.tile == outside })
            shownEmpty += release.tiles.filter { $0.tile.level == 0 }.count
        }
        // Expected about 20 a release over the base level: over 20 releases, some show, and not
        // wildly more than planned.
        #expect(shownEmpty > 100)
        #expect(shownEmpty < 800)
        // Partition selection would never show a tile nobody reported in.
        var selection = try EpochAggregator(
            epoch: 1, configuration: HeatConfiguration.daily(epsilon: 2, delta: 1e-5, dailyEpochCap: 8))
        for _ in 0..<3 { try selection.add(tile: domainTiles[0]) }
        var random = SeededSecureRandom(seed: 9)
        #expect(selection.close(using: &random).tiles.allSatisfy { $0.tile == domainTiles[0] })
    }

    @Test("a domain that does not match the configuration is refused")
    func mismatchRefused() throws {
        let domain = try PublicTileDomain(tiles: try Self.tiles(10))
        let configuration = HeatConfiguration.daily(epsilon: 2, delta: 1e-5, dailyEpochCap: 8, publicDomainSize: 11)
        #expect(throws: HeatAggregationError.self) {
            try EpochAggregator(epoch: 1, configuration: configuration, domain: domain)
        }
        #expect(throws: HeatAggregationError.self) {
            try EpochAggregator(epoch: 1, configuration: configuration)
        }
        #expect(throws: HeatAggregationError.self) {
            try EpochAggregator(
                epoch: 1, configuration: HeatConfiguration.daily(epsilon: 2, delta: 1e-5, dailyEpochCap: 8),
                domain: domain)
        }
    }
}

@Suite("The public-domain release is DP with no δ of its own, and skipping empty tiles is not")
struct PublicDomainPrivacyTests {
    static let rho = 0.05
    static let delta = 1e-6

    static func mechanism(expected: Double) throws -> GaussianThreshold {
        try GaussianThreshold(
            noise: try DiscreteGaussian(rho: rho), publicDomainSize: 100, expectedNoiseOnlyTiles: expected, kMin: 5)
    }

    /// Outputs for a domain tile with `count` contributors; `skipEmpty` is the broken variant
    /// that never considers a tile nobody reported in (partition selection without its δ).
    static func outputs(count: Int, seed: UInt64, mechanism: GaussianThreshold, skipEmpty: Bool) -> [Int?] {
        var random = SeededSecureRandom(seed: seed)
        return (0..<DifferentialPrivacyTests.runs).map { _ in
            skipEmpty && count == 0 ? nil : mechanism.release(count: count, using: &random)
        }
    }

    @Test(
        "neighbours around 0 and τ pass at the ρ's ε (empty domain tiles are noised too)",
        arguments: [(1, 0), (2, 1), (9, 8), (10, 9), (13, 12)])
    func passes(pair: (Int, Int)) throws {
        let mechanism = try Self.mechanism(expected: 0.5)
        let epsilon = ZeroConcentratedConversion.epsilon(rho: Self.rho, delta: Self.delta)
        let d = Self.outputs(count: pair.0, seed: 51, mechanism: mechanism, skipEmpty: false)
        let dPrime = Self.outputs(count: pair.1, seed: 52, mechanism: mechanism, skipEmpty: false)
        let violations = DPTester(epsilon: epsilon, delta: Self.delta).violations(d, dPrime)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("the tester rejects a display threshold over tiles with reports only")
    func skippingEmptyTilesFails() throws {
        // A low display threshold (many empty tiles allowed) is harmless over the whole domain,
        // but applied only to tiles with reports it releases a lone contributor ~10 % of the time.
        let mechanism = try Self.mechanism(expected: 100)
        let epsilon = ZeroConcentratedConversion.epsilon(rho: Self.rho, delta: Self.delta)
        let d = Self.outputs(count: 1, seed: 61, mechanism: mechanism, skipEmpty: true)
        let dPrime = Self.outputs(count: 0, seed: 62, mechanism: mechanism, skipEmpty: true)
        #expect(!DPTester(epsilon: epsilon, delta: Self.delta).violations(d, dPrime).isEmpty)
        // The same threshold with every domain tile noised passes.
        let one = Self.outputs(count: 1, seed: 61, mechanism: mechanism, skipEmpty: false)
        let none = Self.outputs(count: 0, seed: 62, mechanism: mechanism, skipEmpty: false)
        #expect(DPTester(epsilon: epsilon, delta: Self.delta).violations(one, none).isEmpty)
    }
}
