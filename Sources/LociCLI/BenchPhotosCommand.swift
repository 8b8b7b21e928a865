import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench photos`: a single-threaded metadata scan of ≥ 10 000 real photos, and exiftool and
/// exiv2 over the same folder, in one session.
struct BenchPhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Measure the photo metadata scan (files/s) against exiftool and exiv2.",
        discussion: """
            Build in release mode: swift run -c release loci bench photos. Without --dir the folder \
            is built once under the temporary folder (loci-bench-photos-N): every good sample of \
            photos/exif-samples copied once, then hard links to those copies up to --files. The \
            page cache is warmed by a first pass; Loci's scan is one thread, the median of --rounds \
            passes. Anchors: exiftool -fast -n -json over the folder (one process, one pass) and \
            exiv2 -P kv with the same tags over the files (2 000 per process). Wall-clock and CPU \
            seconds (user + system: the Loci thread's, the anchors' child processes') are both \
            reported, since CPU time stays comparable on a shared machine. Ratio: anchor time ÷ Loci \
            time (above 1 means Loci is faster).
            """
    )

    @Option(help: "Scan this folder's files instead of building one.")
    var dir: String?

    @Option(
        help:
            "The real samples to copy (default: photos/exif-samples in $LOCI_SHARED_DATA, ../shared/data or the data folder)."
    )
    var samples: String?

    @Option(help: "Files in the built folder.")
    var files = 10_000

    @Option(help: "Timed passes of the Loci scan (and of exiv2).")
    var rounds = 5

    @Flag(name: .customLong("no-anchors"), help: "Skip exiftool and exiv2.")
    var noAnchors = false

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    struct Row: Encodable {
        let tool: String
        let files: Int
        let readable: Int?
        let seconds: Double
        let cpu_seconds: Double
        let files_per_second: Double
        let files_per_cpu_second: Double
        let loci_speedup: Double
        let loci_speedup_cpu: Double
    }

    func validate() throws {
        guard files > 0 else { throw ValidationError("--files must be positive") }
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
    }

    private func samplesFolder() -> URL {
        if let samples { return URL(fileURLWithPath: (samples as NSString).expandingTildeInPath) }
        let relative = "photos/exif-samples"
        let shared =
            ProcessInfo.processInfo.environment["LOCI_SHARED_DATA"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/data"
        let candidate = URL(fileURLWithPath: shared).appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: candidate.path)
            ? candidate : LociPaths.dataDirectory.appendingPathComponent(relative)
    }

    mutating func run() throws {
        #if DEBUG
            FileHandle.standardError.write(
                Data(
                    "loci bench photos: this is a debug build; numbers are not meaningful (use -c release)\n"
                        .utf8))
        #endif
        func log(_ step: String) { FileHandle.standardError.write(Data("loci bench photos: \(step)\n".utf8)) }
        let configuration = PhotoBenchmarkConfiguration(
            samples: samplesFolder(),
            folder: dir.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }, files: files,
            rounds: rounds)
        let paths = try PhotoWorkloads.prepareFolder(configuration, log: log)
        log("scanning \(paths.count) files")
        let loci = PhotoWorkloads.scan(paths, rounds: rounds)
        var results = [loci]
        if !noAnchors {
            let folder = (paths[0] as NSString).deletingLastPathComponent
            log("exiv2")
            results.append(try PhotoWorkloads.exiv2(paths: paths, rounds: rounds))
            log("exiftool (slow: a few hundred files/s)")
            results.append(try PhotoWorkloads.exiftool(folder: folder, files: paths.count))
        }
        let rows = results.map { result in
            Row(
                tool: result.tool, files: result.files, readable: result.readable, seconds: result.seconds,
                cpu_seconds: result.cpuSeconds, files_per_second: result.filesPerSecond,
                files_per_cpu_second: result.filesPerCPUSecond, loci_speedup: result.seconds / loci.seconds,
                loci_speedup_cpu: result.cpuSeconds / loci.cpuSeconds)
        }
        if json {
            print(try OutputFormat.json(rows))
            return
        }
        var lines = [
            "| tool | files | wall s | files/s (wall) | CPU s | files/CPU-s | anchor ÷ Loci (wall) | anchor ÷ Loci (CPU) |",
            "|---|---|---|---|---|---|---|---|",
        ]
        func n(_ value: Double, _ decimals: Int) -> String { OutputFormat.number(value, decimals: decimals) }
        for row in rows {
            lines.append(
                "| \(row.tool) | \(row.files) | \(n(row.seconds, 3)) | \(n(row.files_per_second, 0)) | \(n(row.cpu_seconds, 3)) | "
                    + "\(n(row.files_per_cpu_second, 0)) | \(n(row.loci_speedup, 1))× | \(n(row.loci_speedup_cpu, 1))× |"
            )
        }
        print(lines.joined(separator: "\n"))
    }
}
