import GeoKit
import HeatAggregation
import Testing

@testable import TidepoolSimulation

@Suite("The (tile, hour) coverage measure on a hand-made population")
struct HourlyCoverageTests {
    static let tiler = GridTiler.standard
    /// Two base tiles a few hundred metres apart in Helsinki, and a third far away.
    static let a = tiler.tile(for: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384))
    static let b = tiler.tile(for: Coordinate(uncheckedLatitude: 60.1729, longitude: 24.9414))
    static let far = tiler.tile(for: Coordinate(uncheckedLatitude: 60.2, longitude: 25.05))

    static func people(_ count: Int, in tile: TileID, hour: Int64, into coverage: inout HourlyCoverage) {
        for _ in 0..<count { coverage.addPresence(hour: hour, baseTiles: [tile]) }
    }

    static func released(_ tile: TileID, _ count: Int) -> ReleasedTile {
        ReleasedTile(tile: tile, noisyCount: count, facets: [])
    }

    @Test("a busy cell counts as covered only when it or a parent is shown in its own hour")
    func coverage() throws {
        var coverage = HourlyCoverage(tiler: Self.tiler)
        // Hour 1: a has 40 present (busy), b 30 (busy), far 29 (not busy).
        Self.people(40, in: Self.a, hour: 1, into: &coverage)
        Self.people(30, in: Self.b, hour: 1, into: &coverage)
        Self.people(29, in: Self.far, hour: 1, into: &coverage)
        // Hour 2: a has 35 present (busy), shown only in hour 1's release: not covered.
        Self.people(35, in: Self.a, hour: 2, into: &coverage)
        // b's parent two levels up is shown in hour 1 (the ≈600 m cell holding b).
        let parent = try #require(Self.tiler.ancestor(of: Self.b, level: 2))
        coverage.addRelease(hour: 1, tiles: [Self.released(Self.a, 38), Self.released(parent, 80)])
        let summary = coverage.summary()
        #expect(summary.busyCells == 3)
        #expect(summary.busyCellsShown == 2)
        #expect(abs(summary.coverage - 2.0 / 3.0) < 1e-12)
    }

    @Test("shown cells with fewer than five present are counted false, at any level")
    func falseShown() throws {
        var coverage = HourlyCoverage(tiler: Self.tiler)
        Self.people(4, in: Self.a, hour: 7, into: &coverage)
        Self.people(5, in: Self.b, hour: 7, into: &coverage)
        // far: nobody present at all; shown (noise only).
        let farParent = try #require(Self.tiler.ancestor(of: Self.far, level: 1))
        coverage.addRelease(
            hour: 7,
            tiles: [Self.released(Self.a, 20), Self.released(Self.b, 21), Self.released(farParent, 22)])
        let summary = coverage.summary()
        #expect(summary.shownCells == 3)
        #expect(summary.sparseShownCells == 2)
        #expect(abs(summary.falseShownShare - 2.0 / 3.0) < 1e-12)
    }

    @Test("a person in two tiles of one parent counts once in the parent")
    func parentPresenceIsDistinctPeople() throws {
        var coverage = HourlyCoverage(tiler: Self.tiler)
        let a = Self.a
        let parent = try #require(Self.tiler.parent(of: a))
        let sibling = try #require(Self.tiler.children(of: parent).first { $0 != a })
        coverage.addPresence(hour: 3, baseTiles: [a, sibling])
        #expect(coverage.present[3]?[parent] == 1)
        #expect(coverage.present[3]?[a] == 1)
        #expect(coverage.present[3]?[sibling] == 1)
    }

    @Test("Spearman follows the order of shown intensity against presence, and the hour's largest count")
    func spearman() {
        var ordered = HourlyCoverage(tiler: Self.tiler)
        Self.people(10, in: Self.a, hour: 0, into: &ordered)
        Self.people(20, in: Self.b, hour: 0, into: &ordered)
        Self.people(30, in: Self.far, hour: 0, into: &ordered)
        ordered.addRelease(
            hour: 0, tiles: [Self.released(Self.a, 12), Self.released(Self.b, 18), Self.released(Self.far, 9)])
        // A later release of the same hour raises far's count: the hour shows its largest.
        ordered.addRelease(hour: 0, tiles: [Self.released(Self.far, 33)])
        #expect(abs(ordered.summary().spearman - 1) < 1e-12)
        var reversed = HourlyCoverage(tiler: Self.tiler)
        Self.people(10, in: Self.a, hour: 0, into: &reversed)
        Self.people(20, in: Self.b, hour: 0, into: &reversed)
        Self.people(30, in: Self.far, hour: 0, into: &reversed)
        reversed.addRelease(
            hour: 0, tiles: [Self.released(Self.a, 30), Self.released(Self.b, 20), Self.released(Self.far, 10)])
        #expect(abs(reversed.summary().spearman + 1) < 1e-12)
    }
}
