import GeoKit
import InterestCodebook

/// One tile of a heat read.
public struct HeatCell: Sendable, Equatable {
    /// The released tile (any level).
    public var tile: TileID
    /// Intensity in `0...maxAlpha`.
    public var intensity: Double
    /// The noisy count from the newest live release that has the tile.
    public var noisyCount: Int
    /// Cosine between the viewer and the direction of that release's facet mix (0 for a
    /// count-only tile, a release under another codebook version, or no viewer vector).
    public var similarity: Double
}

/// Heat reads: post-processing of live releases for a viewport and a viewer vector.
public struct HeatReader: Sendable {
    /// The shared grid.
    public let tiler: GridTiler
    /// The intensity model.
    public let model: HeatIntensityModel
    /// The facet codebook a viewer is compared with tiles through (nil: count-only heat).
    public let codebook: FacetCodebook?

    /// Creates a reader.
    public init(tiler: GridTiler = .standard, model: HeatIntensityModel = .standard, codebook: FacetCodebook? = nil) {
        self.tiler = tiler
        self.model = model
        self.codebook = codebook
    }

    /// The heat of every released tile (of any level) inside `viewport`, sorted by tile id.
    ///
    /// For each tile, `Σ_r w_r · f(n_r) · sigmoid(α · s_r + β) / Σ_r w_r` over the live
    /// releases `r` (a release without the tile contributes 0), with `w_r` the decay of ``model``,
    /// capped at `maxAlpha`, and `s_r` the viewer's similarity to the tile's noisy facet mix
    /// (``FacetCodebook/similarity(viewer:mix:)``; 0 when the release was made under another
    /// codebook version, so such a tile reads as count-only). Expired or not-yet-ended releases
    /// are ignored. The result depends on nothing but the arguments.
    /// - Parameters:
    ///   - releases: candidate releases (any order; duplicates of an epoch are ignored).
    ///   - viewport: the visible area.
    ///   - viewer: the viewer's interest vector (any length; compared only when it has the
    ///     codebook's dimension; empty for count-only heat).
    ///   - unixSeconds: the time of the read.
    ///   - limit: the most base tiles the viewport may cover.
    /// - Throws: ``GridTilerError/coverTooLarge(count:limit:)`` for a viewport above `limit`.
    /// - Complexity: O(viewport tiles + matches · facets · dimension) per live release.
    public func heat(
        releases: [HeatRelease], viewport: BoundingBox, viewer: [Float], at unixSeconds: Int64,
        limit: Int = 20_000
    ) throws(GridTilerError) -> [HeatCell] {
        var seenEpochs = Set<Int64>()
        let live = releases.filter { $0.isLive(at: unixSeconds) && seenEpochs.insert($0.epoch).inserted }
            .sorted { $0.epoch > $1.epoch }
        guard !live.isEmpty else { return [] }
        let weights = live.map { model.decay(ageSeconds: Double(unixSeconds - $0.endSeconds)) }
        let totalWeight = weights.reduce(0, +)
        var cells: [TileID: HeatCell] = [:]
        for level in 0..<tiler.levels {
            let cover = try tiler.cover(viewport, level: level, limit: limit >> (2 * level) + 16)
            for (release, weight) in zip(live, weights) where !release.tiles.isEmpty {
                let readable = codebook.flatMap {
                    $0.version == release.parameters.facetCodebookVersion ? $0 : nil
                }
                for tile in cover {
                    guard let released = release.tile(tile) else { continue }
                    let similarity = readable?.similarity(viewer: viewer, mix: released.facets) ?? 0
                    let value =
                        weight * model.countWeight(released.noisyCount) * model.similarityWeight(similarity)
                    if var cell = cells[tile] {
                        cell.intensity += value
                        cells[tile] = cell
                    } else {
                        cells[tile] = HeatCell(
                            tile: tile, intensity: value, noisyCount: released.noisyCount,
                            similarity: similarity)
                    }
                }
            }
        }
        return cells.values.map { cell in
            var cell = cell
            cell.intensity = min(model.maxAlpha, cell.intensity / totalWeight)
            return cell
        }.sorted { $0.tile < $1.tile }
    }
}
