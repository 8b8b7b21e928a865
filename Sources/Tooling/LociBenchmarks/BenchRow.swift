import Foundation

/// A row of the `geo`, `tidepool` and `interests` tables: one Loci workload with its anchors.
///
/// The JSON keys (snake case) are what `loci bench --json` prints; keep them.
public struct BenchRow: Sendable, Encodable, Hashable {
    /// One anchor of a row: the tool, its median and anchor ÷ Loci.
    public struct Anchor: Sendable, Encodable, Hashable {
        public let tool: String
        public let median_ns: Double
        public let ratio: Double

        /// An anchor measured at `median` nanoseconds against Loci's `lociMedian`.
        public init(tool: String, median: Double, lociMedian: Double) {
            self.tool = tool
            median_ns = median
            ratio = median / lociMedian
        }
    }

    public let workload: String
    public let detail: String
    public let median_ns: Double
    public let p10_ns: Double
    public let p90_ns: Double
    public let ops_per_second: Double
    public let target_ns: Double?
    public let meets_target: Bool?
    public let anchor: String?
    public let anchor_median_ns: Double?
    public let anchor_ratio: Double?
    public let anchors: [Anchor]

    /// The row for `result`, with `anchors` (the first is the row's main anchor).
    public init(_ result: WorkloadResult, anchors: [Anchor]) {
        let median = result.timing.medianNanoseconds
        workload = result.name
        detail = result.detail
        median_ns = median
        p10_ns = result.timing.p10Nanoseconds
        p90_ns = result.timing.p90Nanoseconds
        ops_per_second = result.timing.operationsPerSecond
        target_ns = result.targetNanoseconds
        meets_target = result.targetNanoseconds.map { median <= $0 }
        anchor = anchors.first?.tool
        anchor_median_ns = anchors.first?.median_ns
        anchor_ratio = anchors.first?.ratio
        self.anchors = anchors
    }

    /// The row for `result` with the anchor results measured for its workload name.
    public init(_ result: WorkloadResult, matching anchorResults: [AnchorResult]) {
        let median = result.timing.medianNanoseconds
        self.init(
            result,
            anchors: anchorResults.filter { $0.workload == result.name }.map {
                Anchor(tool: $0.tool, median: $0.medianNanoseconds, lociMedian: median)
            })
    }

    /// The Markdown table of `rows`; extra anchors get rows of their own marked ″.
    public static func markdown(_ rows: [BenchRow]) -> String {
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
                    "| ″ | | | | | \(extra.tool) | \(ns(extra.median_ns)) | \(String(format: "%.2f×", extra.ratio)) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// How `loci bench` tables write a duration.
public enum BenchFormat {
    /// Nanoseconds as µs, ms or s, whichever reads best (`12.3 µs`, `4.56 ms`, `1.20 s`).
    public static func duration(_ ns: Double) -> String {
        ns >= 1e9
            ? String(format: "%.2f s", ns / 1e9)
            : ns >= 1e6 ? String(format: "%.2f ms", ns / 1e6) : String(format: "%.1f µs", ns / 1e3)
    }
}
