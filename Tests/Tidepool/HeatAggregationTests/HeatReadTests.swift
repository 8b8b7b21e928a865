import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import Testing

@Suite("Heat reads are a pure function of the release and the viewer")
struct HeatReadTests {
    static let tiler = GridTiler.standard
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let dimension = 4

    /// Intensity by the documented formula, written out independently of `HeatIntensityModel`:
    /// f(n) = min(1, ln(1 + n) / ln(201)), sigmoid(6·cos − 2), cap 0.85.
    static func expected(count: Int, cosine: Double) -> Double {
        let f = min(1, log(1 + Double(count)) / log(201))
        return min(0.85, f / (1 + exp(-(6 * cosine - 2))))
    }

    /// Four one-hot facets.
    static let codebook = try! FacetCodebook(
        version: "test-1", centroids: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// The cosine of a one-hot viewer (on `axis`) with the clamped mix of one-hot facets,
    /// written out independently of `FacetCodebook`: max(0, m_axis) / ‖max(0, m)‖.
    static func expectedSimilarity(axis: Int, mix: [Int]) -> Double {
        let clamped = mix.map { Double(max(0, $0)) }
        let norm = clamped.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? clamped[axis] / norm : 0
    }

    /// A real release: three busy tiles whose people name different facets, with the
    /// partition-selection (daily-budget) noise.
    static func realRelease() throws -> HeatRelease {
        var configuration = HeatConfiguration.partitionSelection
        configuration.facetCount = codebook.count
        configuration.facetCodebookVersion = codebook.version
        var aggregator = try EpochAggregator(epoch: 100, configuration: configuration)
        let base = tiler.tile(for: center)
        let tiles = [base] + (try tiler.neighbors(of: base)).prefix(2)
        for (index, tile) in tiles.enumerated() {
            for _ in 0..<(80 + 20 * index) { try aggregator.add(tile: tile, facet: index) }
        }
        var random = SeededSecureRandom(seed: 99)
        return aggregator.close(using: &random)
    }

    @Test("crafted one-hot viewers get exactly f(release, viewer), again and again")
    func differencing() throws {
        let release = try Self.realRelease()
        #expect(release.tiles.count == 3)
        let reader = HeatReader(codebook: Self.codebook)
        let viewport = try BoundingBox.around(Self.center, radius: 1_000)
        let now = release.endSeconds  // age 0: weight 1
        for axis in 0..<Self.dimension {
            var viewer: [Float] = [0, 0, 0, 0]
            viewer[axis] = 1
            let first = try reader.heat(releases: [release], viewport: viewport, viewer: viewer, at: now)
            for _ in 0..<5 {
                #expect(
                    try reader.heat(releases: [release], viewport: viewport, viewer: viewer, at: now) == first
                )
            }
            #expect(first.map(\.tile) == release.tiles.map(\.tile))
            for cell in first {
                let tile = try #require(release.tile(cell.tile))
                let cosine = Self.expectedSimilarity(axis: axis, mix: tile.facets)
                #expect(abs(cell.similarity - cosine) < 1e-6)
                #expect(abs(cell.intensity - Self.expected(count: tile.noisyCount, cosine: cosine)) < 1e-6)
            }
        }
    }

    @Test("a release rebuilt from its published fields alone reads identically")
    func readsNeedOnlyTheRelease() throws {
        let release = try Self.realRelease()
        // No aggregator, no raw data: only what was published.
        let rebuilt = HeatRelease(
            epoch: release.epoch, parameters: release.parameters, tiles: release.tiles.reversed())
        let reader = HeatReader(codebook: Self.codebook)
        let viewport = try BoundingBox.around(Self.center, radius: 1_000)
        let viewer: [Float] = [0.3, -0.2, 0.9, 0.1]
        for age in [0, 300, 1_799] as [Int64] {
            let at = release.endSeconds + age
            #expect(
                try reader.heat(releases: [release], viewport: viewport, viewer: viewer, at: at)
                    == reader.heat(releases: [rebuilt], viewport: viewport, viewer: viewer, at: at))
        }
    }

    @Test("a release stored as JSON and read back gives the same heat")
    func storedReleaseReadsIdentically() throws {
        let release = try Self.realRelease()
        let decoded = try JSONDecoder().decode(HeatRelease.self, from: try JSONEncoder().encode(release))
        #expect(decoded == release)
        let viewport = try BoundingBox.around(Self.center, radius: 1_000)
        let viewer: [Float] = [0.5, 0.5, -0.5, 0.5]
        let reader = HeatReader(codebook: Self.codebook)
        #expect(
            try reader.heat(releases: [decoded], viewport: viewport, viewer: viewer, at: release.endSeconds)
                == reader.heat(
                    releases: [release], viewport: viewport, viewer: viewer, at: release.endSeconds))
    }

    @Test("older releases weigh less, and expired or unfinished ones are ignored")
    func decayAndExpiry() throws {
        let tile = Self.tiler.tile(for: Self.center)
        let parameters = try Self.realRelease().parameters
        let old = HeatRelease(
            epoch: 100, parameters: parameters,
            tiles: [ReleasedTile(tile: tile, noisyCount: 50)])
        let new = HeatRelease(epoch: 101, parameters: parameters, tiles: [])
        let reader = HeatReader()
        let viewport = try BoundingBox.around(Self.center, radius: 200)
        // At the end of epoch 101 the old release is 900 s old: weight ½ against the new one's 1.
        let cells = try reader.heat(releases: [old, new], viewport: viewport, viewer: [], at: new.endSeconds)
        let alone = Self.expected(count: 50, cosine: 0)
        #expect(cells.count == 1)
        #expect(abs((cells.first?.intensity ?? 0) - alone * 0.5 / 1.5) < 1e-9)
        #expect(
            try reader.heat(releases: [old], viewport: viewport, viewer: [], at: old.expiresSeconds).isEmpty)
        #expect(
            try reader.heat(releases: [old], viewport: viewport, viewer: [], at: old.endSeconds - 1).isEmpty)
    }

    @Test("viewers with different interests get different similarity on the same tiles")
    func viewersDiffer() throws {
        let release = try Self.realRelease()
        let reader = HeatReader(codebook: Self.codebook)
        let viewport = try BoundingBox.around(Self.center, radius: 1_000)
        let first = try reader.heat(releases: [release], viewport: viewport, viewer: [1, 0, 0, 0], at: release.endSeconds)
        let third = try reader.heat(releases: [release], viewport: viewport, viewer: [0, 0, 1, 0], at: release.endSeconds)
        #expect(first.map(\.tile) == third.map(\.tile))
        // The tile whose people named facet 0 is most similar to the first viewer, and so on.
        let base = Self.tiler.tile(for: Self.center)
        let firstAtBase = try #require(first.first { $0.tile == base })
        let thirdAtBase = try #require(third.first { $0.tile == base })
        #expect(firstAtBase.similarity > 0.8)
        #expect(thirdAtBase.similarity < 0.5)
        #expect(firstAtBase.intensity > thirdAtBase.intensity)
    }

    @Test("a release under another codebook version reads as count-only")
    func otherCodebookVersionIsCountOnly() throws {
        let release = try Self.realRelease()
        let other = try FacetCodebook(version: "test-2", centroids: Self.codebook.centroids)
        let viewport = try BoundingBox.around(Self.center, radius: 1_000)
        let cells = try HeatReader(codebook: other).heat(
            releases: [release], viewport: viewport, viewer: [1, 0, 0, 0], at: release.endSeconds)
        #expect(!cells.isEmpty)
        #expect(cells.allSatisfy { $0.similarity == 0 })
        let countOnly = try HeatReader().heat(
            releases: [release], viewport: viewport, viewer: [1, 0, 0, 0], at: release.endSeconds)
        #expect(cells == countOnly)
    }
}
