import GeoKit

/// One tile of a heat read.
public struct HeatCell: Sendable, Equatable {
    /// The released tile (any level).
    public var tile: TileID
    /// Intensity in `0...maxAlpha`.
    public var intensity: Double
    /// The noisy count from the newest live release that has the tile.
    public var noisyCount: Int
    /// Cosine between the viewer and that release's tile vector (0 without vectors).
    public var similarity: Double
}

/// Heat reads: post-processing of live releases for a viewport and a viewer vector.
public struct HeatReader: Sendable {
    /// The shared grid.
    public let tiler: GridTiler
    /// The intensity model.
    public let model: HeatIntensityModel

    /// Creates a reader.
    public init(tiler: GridTiler = .standard, model: HeatIntensityModel = .standard) {
        self.tiler = tiler
        self.model = model
    }

    /// The heat of every released tile (of any level) inside `viewport`, sorted by tile id.
    ///
    /// For each tile, `Σ_r w_r · f(n_r) · sigmoid(α · cos(v, c_r) + β) / Σ_r w_r` over the live
    /// releases `r` (a release without the tile contributes 0), with `w_r` the decay of ``model``,
    /// capped at `maxAlpha`. Expired or not-yet-ended releases are ignored. The result depends on
    /// nothing but the arguments.
    /// - Parameters:
    ///   - releases: candidate releases (any order; duplicates of an epoch are ignored).
    ///   - viewport: the visible area.
    ///   - viewer: the viewer's interest vector (any length; compared only with tiles of the
    ///     same dimension; empty for count-only heat).
    ///   - unixSeconds: the time of the read.
    ///   - limit: the most base tiles the viewport may cover.
    /// - Throws: ``GridTilerError/coverTooLarge(count:limit:)`` for a viewport above `limit`.
    /// - Complexity: O(viewport tiles + matches · dimension) per live release.
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
        let viewerNorm = Self.norm(viewer)
        var cells: [TileID: HeatCell] = [:]
        for level in 0..<tiler.levels {
            let cover = try tiler.cover(viewport, level: level, limit: limit >> (2 * level) + 16)
            for (release, weight) in zip(live, weights) where !release.tiles.isEmpty {
                for tile in cover {
                    guard let released = release.tile(tile) else { continue }
                    let similarity = Self.cosine(viewer, viewerNorm, released.interest)
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

    /// L2 norm of a vector, in Double.
    static func norm(_ vector: [Float]) -> Double {
        var sum = 0.0
        for value in vector { sum += Double(value) * Double(value) }
        return sum.squareRoot()
    }

    /// Cosine of `viewer` (norm given) with a unit tile vector; 0 when either is empty, of
    /// different dimension, or zero.
    static func cosine(_ viewer: [Float], _ viewerNorm: Double, _ tile: [Float]) -> Double {
        guard viewer.count == tile.count, !tile.isEmpty, viewerNorm > 0 else { return 0 }
        let dot = viewer.withUnsafeBufferPointer { v in
            tile.withUnsafeBufferPointer { t in Self.dot(v, t) }
        }
        return Double(dot) / viewerNorm
    }

    /// The dot product of two equally long vectors, eight lanes at a time.
    /// - Complexity: O(n), about n / 8 SIMD multiply–adds.
    static func dot(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
        let count = min(a.count, b.count)
        guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        var lanes = SIMD8<Float>.zero
        var index = 0
        while index + 8 <= count {
            let x = UnsafeRawPointer(pa + index).loadUnaligned(as: SIMD8<Float>.self)
            let y = UnsafeRawPointer(pb + index).loadUnaligned(as: SIMD8<Float>.self)
            lanes += x * y
            index += 8
        }
        var sum = lanes.sum()
        while index < count {
            sum += pa[index] * pb[index]
            index += 1
        }
        return sum
    }
}
