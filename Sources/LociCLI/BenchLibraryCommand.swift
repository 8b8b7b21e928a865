import ArgumentParser
import Foundation
import LibraryExchange
import LibraryKit
import LociBenchmarks

/// `loci bench library`: And Away's export and import of 10,000 bookmarks and its queries, with
/// Python's json, csv and sqlite3 doing the same in the same session.
struct BenchLibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract:
            "Measure the library: export and re-import of 10,000 bookmarks in each format, and its queries.",
        discussion: """
            Build in release mode. Export is store → file (read the library, write the format, atomic write); import is \
            file → parse → check every record → a new store in one transaction. The anchor (scripts/bench-library-anchor.py, \
            stdlib only) does the same with Python's json, csv and sqlite3 on the same files and schema; it checks no \
            field, so it is the floor of a plain implementation. Ratio is anchor ÷ Loci: above 1 means Loci is faster.
            """)

    @Option(help: "Bookmarks in the library (default 10000).") var bookmarks = 10_000
    @Option(help: "Rounds per export and import (default 5).") var rounds = 5
    @Flag(name: .customLong("no-anchors"), help: "Skip the Python anchor.") var noAnchors = false
    @Option(help: "Path of the anchor script.") var anchors = "scripts/bench-library-anchor.py"
    @Flag(help: "Print JSON.") var json = false

    struct Row: Encodable {
        let result: LibraryWorkloads.Result
        let anchor: AnchorResult?
        let ratio: Double?
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-bench-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = LibraryWorkloads.sample(bookmarks: bookmarks, lists: 200, searches: 1_000, seed: 10)
        let results: [LibraryWorkloads.Result]
        do {
            results = try LibraryWorkloads.run(library, folder: folder, rounds: rounds, queryCalls: 2_000)
        } catch {
            throw InputError("\(error)")
        }
        var anchorResults: [AnchorResult] = []
        if !noAnchors {
            do { anchorResults = try AnchorRunner.runLibrary(script: anchors, folder: folder.path) } catch {
                FileHandle.standardError.write(Data("anchor skipped: \(error)\n".utf8))
            }
        }
        let rows = results.map { r in
            let anchor = anchorResults.first { $0.workload == r.workload }
            return Row(
                result: r, anchor: anchor,
                ratio: anchor.map { $0.medianNanoseconds / r.statistics.medianNanoseconds })
        }
        if json {
            print(try OutputFormat.json(rows))
            return
        }
        print("| workload | detail | median | p95 | target | anchor (Python) | ratio |")
        print("|---|---|---|---|---|---|---|")
        for row in rows {
            let r = row.result
            let median = BenchProximityCommand.format(r.statistics.medianNanoseconds)
            let p95 = BenchProximityCommand.format(r.statistics.p95Nanoseconds)
            let met = r.statistics.medianNanoseconds <= r.targetNanoseconds ? "✅" : "❌"
            let size = r.bytes.map { String(format: " (%.1f MB)", Double($0) / 1e6) } ?? ""
            let anchor = row.anchor.map { BenchProximityCommand.format($0.medianNanoseconds) } ?? "–"
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? "–"
            print(
                "| \(r.workload) | \(r.detail)\(size) | \(median) | \(p95) | ≤ \(BenchProximityCommand.format(r.targetNanoseconds)) \(met) | \(anchor) | \(ratio) |"
            )
        }
    }
}
