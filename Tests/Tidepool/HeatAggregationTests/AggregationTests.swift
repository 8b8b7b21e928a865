import Foundation
import GeoKit
import HeatAggregation
import Testing

@Suite("Epoch aggregation: suppression, roll-up, releases")
struct AggregationTests {
    static let tiler = GridTiler.standard
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// A configuration whose noise is negligible (ρ = 500 per mechanism: σ ≈ 0.044, so
    /// P(Z ≠ 0) ≈ e⁻²⁵⁶) so tests can reason about exact counts; τ is then k_min.
    static func sharp(kMin: Int = 5, facets: Int = 0) -> HeatConfiguration {
        HeatConfiguration(
            epochSeconds: 900, ttlSeconds: 1_800, kMin: kMin,
            levels: Array(repeating: LevelBudget(countRho: 500, facetRho: 500, selectionDelta: 1e-6), count: 3),
            facetCount: facets, facetCodebookVersion: facets > 0 ? "test-1" : "", dailyEpochCap: 8,
            conversionDelta: 5e-6)
    }

    @Test("reports in a tile touching a sensitive area are dropped at every level")
    func sensitiveAreaSuppressed() throws {
        let school = Self.center
        let suppression = try SuppressionList(
            areas: [
                SensitiveArea(
                    latitude: school.latitude, longitude: school.longitude, radiusMeters: 50, reason: "school"
                )
            ],
            tiler: Self.tiler)
        let schoolTile = Self.tiler.tile(for: school)
        #expect(suppression.contains(schoolTile))
        var aggregator = try EpochAggregator(epoch: 3, configuration: Self.sharp(), suppression: suppression)
        for _ in 0..<100 { try aggregator.add(tile: schoolTile) }
        var random = SeededSecureRandom(seed: 1)
        let release = aggregator.close(using: &random)
        #expect(release.tiles.isEmpty, "released \(release.tiles.map(\.tile))")
        // Without suppression the same reports are released.
        var open = try EpochAggregator(epoch: 3, configuration: Self.sharp())
        for _ in 0..<100 { try open.add(tile: schoolTile) }
        #expect(open.close(using: &random).tile(schoolTile)?.noisyCount == 100)
    }

    @Test("a parent is released where no base tile passes, and not where one does")
    func parentRollUp() throws {
        // Four children of one ≈300 m parent with 3 people each: no child reaches k_min = 5,
        // the parent (12) does.
        let base = Self.tiler.tile(for: Self.center)
        let parent = try #require(Self.tiler.parent(of: base))
        let children = Self.tiler.children(of: parent)
        var aggregator = try EpochAggregator(epoch: 3, configuration: Self.sharp())
        for child in children { for _ in 0..<3 { try aggregator.add(tile: child) } }
        // Elsewhere: a busy base tile (20 people) whose parent must not be released too.
        let grandparent = try #require(Self.tiler.parent(of: parent))
        let busy = try #require(try Self.tiler.neighbors(of: grandparent).first)
        let busyParent = try #require(Self.tiler.children(of: busy).first)
        let busyBase = try #require(Self.tiler.children(of: busyParent).first)
        for _ in 0..<20 { try aggregator.add(tile: busyBase) }
        var random = SeededSecureRandom(seed: 2)
        let release = aggregator.close(using: &random)
        let released = Set(release.tiles.map(\.tile))
        #expect(
            released == [parent, busyBase], "released \(release.tiles.map { ($0.tile.level, $0.noisyCount) })"
        )
        #expect(release.tile(parent)?.noisyCount == 12)
        #expect(release.tile(busyBase)?.noisyCount == 20)
    }

    @Test("the ≈600 m level is used when neither base nor ≈300 m tiles pass")
    func grandparentRollUp() throws {
        let base = Self.tiler.tile(for: Self.center)
        let grandparent = try #require(Self.tiler.ancestor(of: base, level: 2))
        var aggregator = try EpochAggregator(epoch: 3, configuration: Self.sharp())
        // One person in each of the 16 base tiles: parents have 4 (< k_min), the grandparent 16.
        for parent in Self.tiler.children(of: grandparent) {
            for child in Self.tiler.children(of: parent) { try aggregator.add(tile: child) }
        }
        var random = SeededSecureRandom(seed: 3)
        let release = aggregator.close(using: &random)
        #expect(release.tiles.map(\.tile) == [grandparent])
        #expect(release.tiles.first?.noisyCount == 16)
    }

    @Test("bad reports are refused with the reason and count nothing")
    func badReportsRefused() throws {
        var aggregator = try EpochAggregator(epoch: 3, configuration: Self.sharp(facets: 4))
        let base = Self.tiler.tile(for: Self.center)
        let parent = try #require(Self.tiler.parent(of: base))
        #expect(throws: HeatAggregationError.self) { try aggregator.add(tile: parent) }
        #expect(throws: HeatAggregationError.invalidFacet(facet: 4, count: 4)) {
            try aggregator.add(tile: base, facet: 4)
        }
        #expect(throws: HeatAggregationError.invalidFacet(facet: -1, count: 4)) {
            try aggregator.add(tile: base, facet: -1)
        }
        var countOnly = try EpochAggregator(epoch: 3, configuration: Self.sharp())
        #expect(throws: HeatAggregationError.invalidFacet(facet: 0, count: 0)) {
            try countOnly.add(tile: base, facet: 0)
        }
        #expect(countOnly.reportCount == 0)
        #expect(aggregator.reportCount == 0)
        #expect(aggregator.tileCount == 0)
    }

    @Test("a released tile carries its facet histogram; a parent sums its children's")
    func facetHistogramReleased() throws {
        var aggregator = try EpochAggregator(epoch: 3, configuration: Self.sharp(facets: 4))
        let base = Self.tiler.tile(for: Self.center)
        // 30 people naming facet 0, 10 naming facet 2, 5 naming none.
        for _ in 0..<30 { try aggregator.add(tile: base, facet: 0) }
        for _ in 0..<10 { try aggregator.add(tile: base, facet: 2) }
        for _ in 0..<5 { try aggregator.add(tile: base) }
        var random = SeededSecureRandom(seed: 4)
        let tile = try #require(aggregator.close(using: &random).tile(base))
        #expect(tile.noisyCount == 45)
        #expect(tile.facets == [30, 0, 10, 0])
    }

    @Test("a second release for an epoch is refused and expired releases are not served")
    func releaseStoreImmutableAndExpiring() throws {
        let store = InMemoryReleaseStore()
        var random = SeededSecureRandom(seed: 5)
        let release = try EpochAggregator(epoch: 10, configuration: Self.sharp()).close(using: &random)
        try store.publish(release)
        #expect(throws: HeatAggregationError.releaseExists(epoch: 10)) { try store.publish(release) }
        // Epoch 10 ends at 9 900 s; TTL 1 800 s → readable in [9 900, 11 700).
        #expect(store.liveReleases(at: 9_899).isEmpty)
        #expect(store.liveReleases(at: 9_900).count == 1)
        #expect(store.liveReleases(at: 11_699).count == 1)
        #expect(store.liveReleases(at: 11_700).isEmpty)
    }

    @Test("published parameters state ρ, σ, τ per level and the per-epoch and per-day composition")
    func parametersPublished() throws {
        var random = SeededSecureRandom(seed: 6)
        let release = try EpochAggregator(epoch: 1, configuration: .partitionSelection).close(using: &random)
        let parameters = release.parameters
        #expect(parameters.levels.map(\.enabled) == [true, false, false])
        #expect(parameters.levels[0].tau >= 5)
        #expect(parameters.epochsPerDay == 96)
        #expect(parameters.dailyEpochCap == 8)
        #expect(abs(parameters.dayRho - 8 * parameters.epochRho) < 1e-15)
        #expect(parameters.dayEpsilon <= 2)
        #expect(parameters.dayDelta <= 1e-5)
        #expect(parameters.accounting.hasPrefix("approximate zCDP"))
    }

    @Test("the production close draws fresh system randomness: identical epochs get different noise")
    func productionCloseIsNotSeeded() throws {
        let tile = Self.tiler.tile(for: Self.center)
        var template = try EpochAggregator(epoch: 1, configuration: .partitionSelection)
        for _ in 0..<40 { try template.add(tile: tile) }
        // P(two draws of Z are equal) < 0.1 at σ ≈ 8, so 20 equal draws would be < 10⁻¹⁹.
        var counts = Set<Int>()
        for _ in 0..<20 { counts.insert(template.close().tile(tile)?.noisyCount ?? -1) }
        #expect(counts.count > 1)
    }
}
