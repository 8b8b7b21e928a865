import Foundation
import InterestKit
import SeededRandom

/// The Tidepool interest workloads behind `loci bench interests`, with the targets:
/// a user-vector update from 500 weighted tags ≤ 1 ms and the cosine of one viewer against
/// 100 000 tile vectors ≤ 10 ms. The anchor runs in the same session: the same arithmetic on
/// plain `[Double]` rows looked up by tag string (a straightforward first implementation).
public enum InterestWorkloads {
    /// Sizes of a run.
    public struct Sizes: Sendable {
        /// Weighted tags per user-vector update.
        public var tags = 500
        /// Tile vectors scored per viewer.
        public var tiles = 100_000
        /// Timed repetitions.
        public var rounds = 15

        /// The sizes.
        public static let full = Sizes()
        /// A small smoke run.
        public static let quick = Sizes(tags: 500, tiles: 10_000, rounds: 5)
    }

    /// One workload's Loci timing and its anchor's, nanoseconds per operation.
    public struct Result: Sendable {
        /// Loci's workload result.
        public var loci: WorkloadResult
        /// The naive anchor's timing.
        public var anchor: TimingStatistics
        /// What the anchor is.
        public var anchorName: String
    }

    /// Runs both workloads on the bundled model.
    public static func run(_ sizes: Sizes, seed: UInt64 = 42, log: (String) -> Void) throws -> [Result] {
        let model = try InterestModel.bundled()
        return [
            try userVector(model, sizes, seed: seed, log: log),
            try tileScan(model, sizes, seed: seed, log: log),
        ]
    }

    static func userVector(_ model: InterestModel, _ sizes: Sizes, seed: UInt64, log: (String) -> Void) throws
        -> Result
    {
        log("user vector: \(sizes.tags) weighted tags")
        var rng = SplitMix64(seed: seed)
        let tags = model.vocabulary.tags
        let weighted = (0..<sizes.tags).map { _ in
            WeightedTag(
                tags[Int.random(in: 0..<tags.count, using: &rng)],
                weight: Double.random(in: -0.5...2, using: &rng))
        }
        var failure: (any Error)?
        let loci = Stopwatch.batch(operations: 1, rounds: sizes.rounds) { _ in
            do { blackHole(try model.vector(for: weighted)) } catch { failure = error }
        }
        if let failure { throw failure }
        // Anchor: a dictionary of [Double] rows by tag string, summed and normalised.
        var rows: [String: [Double]] = [:]
        for (index, tag) in tags.enumerated() {
            let start = index * model.dimensions
            rows[tag.rawValue] = model.embeddings.values[start..<start + model.dimensions].map(Double.init)
        }
        let pairs = weighted.map { ($0.tag.rawValue, $0.weight) }
        let anchor = Stopwatch.batch(operations: 1, rounds: sizes.rounds) { _ in
            var sum = [Double](repeating: 0, count: model.dimensions)
            for (name, weight) in pairs {
                guard let row = rows[name] else { continue }
                for i in 0..<sum.count { sum[i] += weight * row[i] }
            }
            let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
            blackHole(sum.map { $0 / norm })
        }
        return Result(
            loci: WorkloadResult(
                name: "interest-user-vector",
                detail: "normalise(Σ w·embed(tag)) over \(sizes.tags) weighted tags, 384 dims",
                timing: loci, targetNanoseconds: 1e6),
            anchor: anchor, anchorName: "naive [Double] rows by tag string")
    }

    static func tileScan(_ model: InterestModel, _ sizes: Sizes, seed: UInt64, log: (String) -> Void) throws
        -> Result
    {
        log("tile scan: one viewer against \(sizes.tiles) tile vectors")
        var rng = SplitMix64(seed: seed &+ 1)
        let tags = model.vocabulary.tags
        let pick = { (rng: inout SplitMix64) in
            (0..<8).map { _ in WeightedTag(tags[Int.random(in: 0..<tags.count, using: &rng)]) }
        }
        var set = InterestVectorSet(dimensions: model.dimensions)
        var anchorRows: [[Double]] = []
        anchorRows.reserveCapacity(sizes.tiles)
        for _ in 0..<sizes.tiles {
            let vector = try model.vector(for: pick(&rng))
            try set.append(vector)
            anchorRows.append(vector.components.map(Double.init))
        }
        let viewer = try model.vector(for: pick(&rng))
        let viewerDoubles = viewer.components.map(Double.init)
        var scores: [Float] = []
        let loci = Stopwatch.batch(operations: 1, rounds: sizes.rounds) { _ in
            set.cosines(with: viewer, into: &scores)
            blackHole(scores)
        }
        let anchor = Stopwatch.batch(operations: 1, rounds: sizes.rounds) { _ in
            var out = [Double](repeating: 0, count: anchorRows.count)
            for (index, row) in anchorRows.enumerated() {
                var sum = 0.0
                for i in 0..<row.count { sum += viewerDoubles[i] * row[i] }
                out[index] = sum
            }
            blackHole(out)
        }
        return Result(
            loci: WorkloadResult(
                name: "interest-tile-scan",
                detail:
                    "cosine of one viewer with \(sizes.tiles) tile vectors (int8 codes + scale, 384 dims)",
                timing: loci, targetNanoseconds: 10e6),
            anchor: anchor, anchorName: "naive [[Double]] rows")
    }
}

extension AnchorRunner {
    /// Runs `scripts/bench-interests-anchor.py` (numpy) for the interest workloads.
    public static func runInterests(script: String, tiles: Int) throws(AnchorError) -> [AnchorResult] {
        try run(script: script, arguments: ["--tiles", String(tiles)])
    }
}
