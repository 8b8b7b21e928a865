import Foundation

/// `loci bench photos`: a single-threaded metadata scan of a folder of real photos, with exiftool
/// and exiv2 over the same folder in the same session.
public struct PhotosBench: BenchWorkload {
    public static let name = "photos"

    /// One tool's scan. JSON keys are `loci bench photos --json`'s.
    public struct Row: Sendable, Encodable, Hashable {
        public let tool: String
        public let files: Int
        public let readable: Int?
        public let seconds: Double
        public let cpu_seconds: Double
        public let files_per_second: Double
        public let files_per_cpu_second: Double
        public let loci_speedup: Double
        public let loci_speedup_cpu: Double
    }

    /// The samples, the folder, its size and the rounds.
    public var configuration: PhotoBenchmarkConfiguration

    /// A run of `configuration`.
    public init(configuration: PhotoBenchmarkConfiguration) { self.configuration = configuration }

    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [Row] {
        let paths = try PhotoWorkloads.prepareFolder(configuration, log: log)
        log("scanning \(paths.count) files")
        let loci = PhotoWorkloads.scan(paths, rounds: configuration.rounds)
        var results = [loci]
        if anchors.runExternal, let first = paths.first {
            let folder = (first as NSString).deletingLastPathComponent
            log("exiv2")
            results.append(try PhotoWorkloads.exiv2(paths: paths, rounds: configuration.rounds))
            log("exiftool (slow: a few hundred files/s)")
            results.append(try PhotoWorkloads.exiftool(folder: folder, files: paths.count))
        }
        return results.map { result in
            Row(
                tool: result.tool, files: result.files, readable: result.readable, seconds: result.seconds,
                cpu_seconds: result.cpuSeconds, files_per_second: result.filesPerSecond,
                files_per_cpu_second: result.filesPerCPUSecond, loci_speedup: result.seconds / loci.seconds,
                loci_speedup_cpu: result.cpuSeconds / loci.cpuSeconds)
        }
    }

    public func markdown(_ rows: [Row]) -> String {
        func n(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
        var lines = [
            "| tool | files | wall s | files/s (wall) | CPU s | files/CPU-s | anchor ÷ Loci (wall) | anchor ÷ Loci (CPU) |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.tool) | \(row.files) | \(n(row.seconds, 3)) | \(n(row.files_per_second, 0)) | \(n(row.cpu_seconds, 3)) | "
                    + "\(n(row.files_per_cpu_second, 0)) | \(n(row.loci_speedup, 1))× | \(n(row.loci_speedup_cpu, 1))× |")
        }
        return lines.joined(separator: "\n")
    }
}
