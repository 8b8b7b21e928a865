/// `loci bench interests`: user-vector update and the viewer × tiles cosine scan, against numpy
/// (`scripts/bench-interests-anchor.py`) and the same arithmetic on plain `[Double]` rows
/// in this process (which always runs).
public struct InterestsBench: BenchWorkload {
    public static let name = "interests"
    /// The anchor script run unless another is given.
    public static let defaultScript = "scripts/bench-interests-anchor.py"

    /// Sizes of the run.
    public var sizes: InterestWorkloads.Sizes

    /// A run of `sizes`.
    public init(sizes: InterestWorkloads.Sizes) { self.sizes = sizes }

    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [BenchRow] {
        let results = try InterestWorkloads.run(sizes, log: log)
        var numpy: [AnchorResult] = []
        if anchors.runExternal {
            let script = anchors.script(default: Self.defaultScript)
            log("anchor (\(script))")
            numpy = try AnchorRunner.runInterests(script: script, tiles: sizes.tiles)
        }
        return results.map { result in
            let median = result.loci.timing.medianNanoseconds
            let naive = BenchRow.Anchor(
                tool: result.anchorName, median: result.anchor.medianNanoseconds, lociMedian: median)
            let external = numpy.filter { $0.workload == result.loci.name }.map {
                BenchRow.Anchor(tool: $0.tool, median: $0.medianNanoseconds, lociMedian: median)
            }
            return BenchRow(result.loci, anchors: external + [naive])
        }
    }

    public func markdown(_ rows: [BenchRow]) -> String { BenchRow.markdown(rows) }
}
