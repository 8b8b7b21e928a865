import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench`: the benchmark group — `geo` (the default, so plain `loci bench` keeps working),
/// `places`, `photos`, `cards`, `proximity` and `tidepool`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Loci against its anchors in one session (geo: the default; places, photos, cards, proximity, tidepool).",
        subcommands: [
            BenchGeoCommand.self, BenchPlacesCommand.self, BenchPhotosCommand.self, BenchCardsCommand.self,
            BenchProximityCommand.self, BenchTidepoolCommand.self,
            BenchIdentifyCommand.self,
            BenchDirectionsCommand.self,
            BenchProximityCommand.self, BenchTidepoolCommand.self, BenchLibraryCommand.self,
            BenchInterestsCommand.self,
        ],
        defaultSubcommand: BenchGeoCommand.self
    )
}

/// `loci bench geo`: times the core workloads and their anchors in one session and prints ratios.
struct BenchGeoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract:
            "Measure the geodesy, tiling and spatial-index core against its anchors (GeographicLib, h3, SciPy).",
        discussion: """
            Build in release mode for meaningful numbers: swift run -c release loci bench. \
            The anchors run in the same session through scripts/bench-anchors.py (python3 with \
            geographiclib==2.1 and h3==4.5.0; SciPy optional). The ratio is anchor time ÷ Loci \
            time: above 1 means Loci is faster.
            """
    )

    @Flag(help: "A smaller, faster run (100 k points) for smoke checks.")
    var quick = false

    @Option(help: "Points in the spatial indexes (default 1 000 000, or 100 000 with --quick).")
    var points: Int?

    @Flag(name: .customLong("no-anchors"), help: "Skip the Python anchors.")
    var noAnchors = false

    @Option(help: "Path of the anchor script.")
    var anchors = "scripts/bench-anchors.py"

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    struct Anchor: Encodable {
        let tool: String
        let median_ns: Double
        let ratio: Double
    }

    struct Row: Encodable {
        let workload: String
        let detail: String
        let median_ns: Double
        let p10_ns: Double
        let p90_ns: Double
        let ops_per_second: Double
        let target_ns: Double?
        let meets_target: Bool?
        let anchor: String?
        let anchor_median_ns: Double?
        let anchor_ratio: Double?
        let anchors: [Anchor]
    }

    mutating func run() throws {
        BenchCommand.warnIfDebugBuild("")
        var configuration = quick ? BenchmarkConfiguration.quick : .full
        if let points {
            guard points > 0 else { throw ValidationError("--points must be positive") }
            configuration.points = points
        }
        let results = try GeoWorkloads.run(configuration) { step in
            FileHandle.standardError.write(Data("loci bench: \(step)\n".utf8))
        }
        var anchorResults: [AnchorResult] = []
        if !noAnchors {
            FileHandle.standardError.write(Data("loci bench: anchors (\(anchors))\n".utf8))
            anchorResults = try AnchorRunner.run(script: anchors, points: configuration.points, quick: quick)
        }
        let rows = results.map { result in
            let median = result.timing.medianNanoseconds
            let anchors = anchorResults.filter { $0.workload == result.name }.map {
                Anchor(tool: $0.tool, median_ns: $0.medianNanoseconds, ratio: $0.medianNanoseconds / median)
            }
            let anchor = anchors.first
            return Row(
                workload: result.name, detail: result.detail, median_ns: median,
                p10_ns: result.timing.p10Nanoseconds, p90_ns: result.timing.p90Nanoseconds,
                ops_per_second: result.timing.operationsPerSecond, target_ns: result.targetNanoseconds,
                meets_target: result.targetNanoseconds.map { median <= $0 },
                anchor: anchor?.tool, anchor_median_ns: anchor?.median_ns,
                anchor_ratio: anchor?.ratio, anchors: anchors)
        }
        if json {
            print(try OutputFormat.json(rows))
        } else {
            print(Self.markdown(rows))
        }
    }

    static func markdown(_ rows: [Row]) -> String {
        func ns(_ value: Double) -> String {
            value >= 10_000 ? String(format: "%.1f µs", value / 1_000) : String(format: "%.1f ns", value)
        }
        var lines = [
            "| workload | Loci median | p10–p90 | per second | target | anchor | anchor median | anchor ÷ Loci |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            let target = row.target_ns.map { "≤ \(ns($0)) " + (row.meets_target == true ? "✅" : "❌") } ?? ""
            let perSecond =
                row.ops_per_second >= 1e6
                ? String(format: "%.1f M", row.ops_per_second / 1e6)
                : String(format: "%.0f k", row.ops_per_second / 1e3)
            let first = row.anchors.first
            lines.append(
                "| \(row.workload) | \(ns(row.median_ns)) | \(ns(row.p10_ns))–\(ns(row.p90_ns)) | \(perSecond) | \(target) | "
                    + "\(first?.tool ?? "") | \(first.map { ns($0.median_ns) } ?? "") | "
                    + "\(first.map { String(format: "%.2f×", $0.ratio) } ?? "") |")
            for extra in row.anchors.dropFirst() {
                lines.append(
                    "| ″ | | | | | \(extra.tool) | \(ns(extra.median_ns)) | \(String(format: "%.2f×", extra.ratio)) |"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension BenchCommand {
    /// Warns on standard error when `loci` was built for debugging: its timings mean nothing.
    /// `subcommand` names the `loci bench` subcommand to re-run with a release build.
    static func warnIfDebugBuild(_ subcommand: String) {
        #if DEBUG
            let command = subcommand.isEmpty ? "loci bench" : "loci bench \(subcommand)"
            FileHandle.standardError.write(
                Data(
                    "loci bench: this is a debug build; numbers are not meaningful (use swift run -c release \(command))\n"
                        .utf8))
        #endif
    }
}
