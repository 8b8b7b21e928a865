import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench tidepool`: epoch close, token verification and heat reads against the issue's
/// targets, with RSA-PSS verification in Python's `cryptography` (OpenSSL) as the token anchor.
struct BenchTidepoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidepool",
        abstract: "Measure Tidepool's epoch close, token verification and heat reads.",
        discussion: """
            Build in release mode: swift run -c release loci bench tidepool. The token anchor \
            runs scripts/bench-tidepool-anchor.py (python3 with cryptography) in the same session; \
            the ratio is anchor time ÷ Loci time (above 1: Loci is faster).
            """
    )

    @Flag(help: "A smaller run (100 k reports, 300 tokens) for smoke checks.")
    var quick = false

    @Flag(name: .customLong("no-anchors"), help: "Skip the Python anchor.")
    var noAnchors = false

    @Option(help: "Path of the anchor script.")
    var anchors = "scripts/bench-tidepool-anchor.py"

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    mutating func run() throws {
        BenchCommand.warnIfDebugBuild("tidepool")
        let sizes: TidepoolWorkloads.Sizes = quick ? .quick : .full
        let results = try TidepoolWorkloads.run(sizes) { step in
            FileHandle.standardError.write(Data("loci bench: \(step)\n".utf8))
        }
        var anchorResults: [AnchorResult] = []
        if !noAnchors {
            FileHandle.standardError.write(Data("loci bench: anchor (\(anchors))\n".utf8))
            anchorResults = try AnchorRunner.runTidepool(script: anchors, tokens: sizes.tokens)
        }
        let rows = results.map { result in
            let median = result.timing.medianNanoseconds
            let anchors = anchorResults.filter { $0.workload == result.name }.map {
                BenchGeoCommand.Anchor(
                    tool: $0.tool, median_ns: $0.medianNanoseconds, ratio: $0.medianNanoseconds / median)
            }
            return BenchGeoCommand.Row(
                workload: result.name, detail: result.detail, median_ns: median,
                p10_ns: result.timing.p10Nanoseconds, p90_ns: result.timing.p90Nanoseconds,
                ops_per_second: result.timing.operationsPerSecond, target_ns: result.targetNanoseconds,
                meets_target: result.targetNanoseconds.map { median <= $0 },
                anchor: anchors.first?.tool, anchor_median_ns: anchors.first?.median_ns,
                anchor_ratio: anchors.first?.ratio, anchors: anchors)
        }
        print(json ? try OutputFormat.json(rows) : BenchGeoCommand.markdown(rows))
    }
}
