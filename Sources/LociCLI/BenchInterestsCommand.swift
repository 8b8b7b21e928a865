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
            Build in release mode: swift run -c release loci bench interests. The anchor is the \
            same arithmetic on plain [Double] rows, run in the same process; the ratio is anchor \
            time ÷ Loci time (above 1: Loci is faster).
            """
    )

    @Flag(help: "A smaller run (10 000 tiles) for smoke checks.")
    var quick = false

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    mutating func run() throws {
        #if DEBUG
            FileHandle.standardError.write(
                Data(
                    "loci bench: this is a debug build; numbers are not meaningful (use swift run -c release loci bench interests)\n"
                        .utf8))
        #endif
        let results = try InterestWorkloads.run(quick ? .quick : .full) { step in
            FileHandle.standardError.write(Data("loci bench: \(step)\n".utf8))
        }
        let rows = results.map { result in
            let median = result.loci.timing.medianNanoseconds
            let anchor = BenchGeoCommand.Anchor(
                tool: result.anchorName, median_ns: result.anchor.medianNanoseconds,
                ratio: result.anchor.medianNanoseconds / median)
            return BenchGeoCommand.Row(
                workload: result.loci.name, detail: result.loci.detail, median_ns: median,
                p10_ns: result.loci.timing.p10Nanoseconds, p90_ns: result.loci.timing.p90Nanoseconds,
                ops_per_second: result.loci.timing.operationsPerSecond,
                target_ns: result.loci.targetNanoseconds,
                meets_target: result.loci.targetNanoseconds.map { median <= $0 }, anchor: anchor.tool,
                anchor_median_ns: anchor.median_ns, anchor_ratio: anchor.ratio, anchors: [anchor])
        }
        print(json ? try OutputFormat.json(rows) : BenchGeoCommand.markdown(rows))
    }
}
