import Foundation

/// `loci bench library`: export and re-import of a seeded library in every format and its
/// queries, with Python's json, csv and sqlite3 (`scripts/bench-library-anchor.py`) doing the
/// same on the same files in the same session.
public struct LibraryBench: BenchWorkload {
    public static let name = "library"
    /// The anchor script run unless another is given.
    public static let defaultScript = "scripts/bench-library-anchor.py"

    /// One workload with its anchor. JSON keys are `loci bench library --json`'s.
    public struct Row: Sendable, Encodable {
        public let result: LibraryWorkloads.Result
        public let anchor: AnchorResult?
        public let ratio: Double?
    }

    /// Bookmarks in the library.
    public var bookmarks: Int
    /// Rounds per export and import.
    public var rounds: Int

    /// A run of this size.
    public init(bookmarks: Int, rounds: Int) {
        self.bookmarks = bookmarks
        self.rounds = rounds
    }

    /// Runs the workloads in a temporary folder (removed after); an anchor failure is logged and
    /// leaves the rows without a ratio.
    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-bench-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        log("library of \(bookmarks) bookmarks")
        let library = LibraryWorkloads.sample(bookmarks: bookmarks, lists: 200, searches: 1_000, seed: 10)
        let results = try LibraryWorkloads.run(library, folder: folder, rounds: rounds, queryCalls: 2_000)
        var anchorResults: [AnchorResult] = []
        if anchors.runExternal {
            let script = anchors.script(default: Self.defaultScript)
            do { anchorResults = try AnchorRunner.runLibrary(script: script, folder: folder.path) } catch {
                log("anchor skipped: \(error)")
            }
        }
        return results.map { result in
            let anchor = anchorResults.first { $0.workload == result.workload }
            return Row(
                result: result, anchor: anchor,
                ratio: anchor.map { $0.medianNanoseconds / result.statistics.medianNanoseconds })
        }
    }

    public func markdown(_ rows: [Row]) -> String {
        let f = BenchFormat.duration
        var lines = [
            "| workload | detail | median | p95 | target | anchor (Python) | ratio |", "|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            let r = row.result
            let met = r.statistics.medianNanoseconds <= r.targetNanoseconds ? "✅" : "❌"
            let size = r.bytes.map { String(format: " (%.1f MB)", Double($0) / 1e6) } ?? ""
            let anchor = row.anchor.map { f($0.medianNanoseconds) } ?? "–"
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? "–"
            lines.append(
                "| \(r.workload) | \(r.detail)\(size) | \(f(r.statistics.medianNanoseconds)) | \(f(r.statistics.p95Nanoseconds)) | "
                    + "≤ \(f(r.targetNanoseconds)) \(met) | \(anchor) | \(ratio) |")
        }
        return lines.joined(separator: "\n")
    }
}
