import Foundation

/// `loci bench places`: search, autocomplete, details and nearby on a 1 M-place store replicated
/// from a real extract, with Python's sqlite3 (`scripts/bench-places-anchor.py`) on the same
/// file and queries. Targets bound the p95.
public struct PlacesBench: BenchWorkload {
    public static let name = "places"
    /// The anchor script run unless another is given.
    public static let defaultScript = "scripts/bench-places-anchor.py"

    /// One workload with its anchor. JSON keys are `loci bench places --json`'s.
    public struct Row: Sendable, Encodable, Hashable {
        public let workload: String
        public let detail: String
        public let median_ns: Double
        public let p95_ns: Double
        public let p10_ns: Double
        public let p90_ns: Double
        public let target_p95_ns: Double?
        public let meets_target: Bool?
        public let anchor: String?
        public let anchor_median_ns: Double?
        public let anchor_p95_ns: Double?
        public let anchor_ratio_p95: Double?
    }

    /// The store, queries and seed.
    public var configuration: PlaceBenchmarkConfiguration

    /// A run of `configuration`.
    public init(configuration: PlaceBenchmarkConfiguration) { self.configuration = configuration }

    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [Row] {
        let (results, data) = try PlaceWorkloads.run(configuration, log: log)
        var anchorResults: [AnchorResult] = []
        if anchors.runExternal {
            let script = anchors.script(default: Self.defaultScript)
            log("anchor (\(script))")
            anchorResults = try AnchorRunner.runPlaces(
                script: script, database: data.databasePath, queries: data.queriesPath)
        }
        return results.map { result in
            let anchor = anchorResults.first { $0.workload == result.name }
            let p95 = result.timing.p95Nanoseconds
            return Row(
                workload: result.name, detail: result.detail, median_ns: result.timing.medianNanoseconds,
                p95_ns: p95, p10_ns: result.timing.p10Nanoseconds, p90_ns: result.timing.p90Nanoseconds,
                target_p95_ns: result.targetNanoseconds, meets_target: result.targetNanoseconds.map { p95 <= $0 },
                anchor: anchor?.tool, anchor_median_ns: anchor?.medianNanoseconds,
                anchor_p95_ns: anchor?.p95Nanoseconds, anchor_ratio_p95: anchor?.p95Nanoseconds.map { $0 / p95 })
        }
    }

    public func markdown(_ rows: [Row]) -> String {
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
