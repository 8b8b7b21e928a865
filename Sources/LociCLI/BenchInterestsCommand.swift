import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench interests`: user-vector update and tile scan against the targets, with a
/// naive `[Double]` implementation timed in the same session as the anchor.
struct BenchInterestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interests",
        abstract:
            "Measure Tidepool's interest vectors: user-vector update and the viewer × tiles cosine scan.",
        discussion: """
            Build in release mode: swift run -c release loci bench interests. Anchors in the same \
            session: numpy (scripts/bench-interests-anchor.py, float32 BLAS) and the same \
            arithmetic on plain [Double] rows in this process; the ratio is anchor time ÷ Loci \
            time (above 1: Loci is faster).
            """
    )

    @Flag(help: "A smaller run (10 000 tiles) for smoke checks.")
    var quick = false

    @Flag(
        name: .customLong("no-anchors"), help: "Skip the numpy anchor (the naive Swift anchor always runs).")
    var noAnchors = false

    @Option(help: "Path of the numpy anchor script.")
    var anchors = "scripts/bench-interests-anchor.py"

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    mutating func run() throws {
        BenchCommand.warnIfDebugBuild("interests")
        let sizes: InterestWorkloads.Sizes = quick ? .quick : .full
        let results = try InterestWorkloads.run(sizes) { step in
            FileHandle.standardError.write(Data("loci bench: \(step)\n".utf8))
        }
        var numpy: [AnchorResult] = []
        if !noAnchors {
            FileHandle.standardError.write(Data("loci bench: anchor (\(anchors))\n".utf8))
            numpy = try AnchorRunner.runInterests(script: anchors, tiles: sizes.tiles)
        }
        let rows = results.map { result in
            let median = result.loci.timing.medianNanoseconds
            let naive = BenchGeoCommand.Anchor(
                tool: result.anchorName, median_ns: result.anchor.medianNanoseconds,
                ratio: result.anchor.medianNanoseconds / median)
            let anchors =
                numpy.filter { $0.workload == result.loci.name }.map {
                    BenchGeoCommand.Anchor(
                        tool: $0.tool, median_ns: $0.medianNanoseconds, ratio: $0.medianNanoseconds / median)
                } + [naive]
            return BenchGeoCommand.Row(
                workload: result.loci.name, detail: result.loci.detail, median_ns: median,
                p10_ns: result.loci.timing.p10Nanoseconds, p90_ns: result.loci.timing.p90Nanoseconds,
                ops_per_second: result.loci.timing.operationsPerSecond,
                target_ns: result.loci.targetNanoseconds,
                meets_target: result.loci.targetNanoseconds.map { median <= $0 }, anchor: anchors.first?.tool,
                anchor_median_ns: anchors.first?.median_ns, anchor_ratio: anchors.first?.ratio,
                anchors: anchors)
        }
        print(json ? try OutputFormat.json(rows) : BenchGeoCommand.markdown(rows))
    }
}
