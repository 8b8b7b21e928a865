import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench places`: the place store's query workloads on a replicated real extract, and the
/// Python sqlite3 anchor on the same database and queries, in one session.
struct BenchPlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Measure place search, autocomplete, details and nearby against the sqlite3 anchor.",
        discussion: """
            Build in release mode: swift run -c release loci bench places. The database is the \
            extract's places copied to random city centres (±50 m jitter) up to --places, built once \
            and cached under the temporary folder (loci-bench-places). Queries: 60 % whole names, \
            30 % 3–6 letter prefixes, 10 % names with one letter replaced, each centred within \
            1.8 km of its place. The anchor (scripts/bench-places-anchor.py, python3 stdlib) runs \
            R*Tree box → word prefix → distance on the same file and queries. Targets bound p95.
            """
    )

    @Option(help: "Places in the benchmark database.")
    var places = 1_000_000

    @Option(help: "Queries per workload.")
    var queries = 1_000

    @Option(help: "The OSM extract to replicate (default: osm/helsinki.osm.pbf in the data folder).")
    var osm: String?

    @Option(help: "Seed for the replication and the queries.")
    var seed: UInt64 = 2024

    @Flag(name: .customLong("no-anchors"), help: "Skip the Python anchor.")
    var noAnchors = false

    @Option(help: "Path of the anchor script.")
    var anchors = "scripts/bench-places-anchor.py"

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    struct Row: Encodable {
        let workload: String
        let detail: String
        let median_ns: Double
        let p95_ns: Double
        let p10_ns: Double
        let p90_ns: Double
        let target_p95_ns: Double?
        let meets_target: Bool?
        let anchor: String?
        let anchor_median_ns: Double?
        let anchor_p95_ns: Double?
        let anchor_ratio_p95: Double?
    }

    func validate() throws {
        guard places > 0 else { throw ValidationError("--places must be positive") }
        guard queries > 0 else { throw ValidationError("--queries must be positive") }
    }

    mutating func run() throws {
        #if DEBUG
            FileHandle.standardError.write(
                Data("loci bench places: this is a debug build; numbers are not meaningful (use -c release)\n".utf8))
        #endif
        let source = osm.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? LociPaths.dataDirectory.appendingPathComponent("osm/helsinki.osm.pbf")
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw ValidationError("no extract at \(source.path) (pass --osm PATH or run scripts/fetch-data)")
        }
        let configuration = PlaceBenchmarkConfiguration(osm: source, places: places, queries: queries, seed: seed)
        let (results, data) = try PlaceWorkloads.run(configuration) { step in
            FileHandle.standardError.write(Data("loci bench places: \(step)\n".utf8))
        }
        var anchorResults: [AnchorResult] = []
        if !noAnchors {
            FileHandle.standardError.write(Data("loci bench places: anchor (\(anchors))\n".utf8))
            anchorResults = try AnchorRunner.runPlaces(script: anchors, database: data.databasePath, queries: data.queriesPath)
        }
        let rows = results.map { result in
            let anchor = anchorResults.first { $0.workload == result.name }
            let p95 = result.timing.p95Nanoseconds
            return Row(
                workload: result.name, detail: result.detail, median_ns: result.timing.medianNanoseconds, p95_ns: p95,
                p10_ns: result.timing.p10Nanoseconds, p90_ns: result.timing.p90Nanoseconds,
                target_p95_ns: result.targetNanoseconds, meets_target: result.targetNanoseconds.map { p95 <= $0 },
                anchor: anchor?.tool, anchor_median_ns: anchor?.medianNanoseconds, anchor_p95_ns: anchor?.p95Nanoseconds,
                anchor_ratio_p95: anchor?.p95Nanoseconds.map { $0 / p95 })
        }
        print(json ? try OutputFormat.json(rows) : Self.markdown(rows))
    }

    static func markdown(_ rows: [Row]) -> String {
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value / 1e6) }
        var lines = [
            "| workload | Loci median | p95 | p10–p90 | target (p95) | anchor | anchor median | anchor p95 | anchor ÷ Loci (p95) |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            let target = row.target_p95_ns.map { "≤ \(ms($0)) " + (row.meets_target == true ? "✅" : "❌") } ?? ""
            lines.append(
                "| \(row.workload) | \(ms(row.median_ns)) | \(ms(row.p95_ns)) | \(ms(row.p10_ns))–\(ms(row.p90_ns)) | \(target) | "
                    + "\(row.anchor ?? "") | \(row.anchor_median_ns.map(ms) ?? "") | \(row.anchor_p95_ns.map(ms) ?? "") | "
                    + "\(row.anchor_ratio_p95.map { String(format: "%.2f×", $0) } ?? "") |")
        }
        return lines.joined(separator: "\n")
    }
}
