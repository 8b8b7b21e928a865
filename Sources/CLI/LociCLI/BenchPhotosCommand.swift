import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench photos`: a single-threaded metadata scan of ≥ 10 000 real photos, and exiftool and
/// exiv2 over the same folder, in one session.
struct BenchPhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Measure the photo metadata scan (files/s) against exiftool and exiv2.",
        discussion: """
            Build in release mode: swift run -c release loci bench photos. Without --dir the folder \
            is built once under the temporary folder (loci-bench-photos-N): every good sample of \
            photos/exif-samples copied once, then hard links to those copies up to --files. The \
            page cache is warmed by a first pass; Loci's scan is one thread, the median of --rounds \
            passes. Anchors: exiftool -fast -n -json over the folder (one process, one pass) and \
            exiv2 -P kv with the same tags over the files (2 000 per process); --no-anchors skips \
            both. Wall-clock and CPU seconds (user + system: the Loci thread's, the anchors' child \
            processes') are both reported, since CPU time stays comparable on a shared machine. \
            Ratio: anchor time ÷ Loci time (above 1 means Loci is faster).
            """
    )

    @Option(help: "Scan this folder's files instead of building one.")
    var dir: String?

    @Option(
        help:
            "The real samples to copy (default: photos/exif-samples in $LOCI_SHARED_DATA, ../shared/data or the data folder)."
    )
    var samples: String?

    @Option(parsing: .unconditional, help: "Files in the built folder (default 10000).", transform: NumberArgument.whole)
    var files = 10_000

    @Option(parsing: .unconditional, help: "Timed passes of the Loci scan and of exiv2 (default 5).", transform: NumberArgument.whole)
    var rounds = 5

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard files > 0 else { throw ValidationError("--files must be positive") }
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
        try options.refuseScript("photos")
        if let dir { try FileArgument.readableFolder(dir, option: "--dir") }
        if let samples { try FileArgument.readableFolder(samples, option: "--samples") }
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

    func run() async throws {
        let configuration = PhotoBenchmarkConfiguration(
            samples: samplesFolder(),
            folder: dir.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }, files: files,
            rounds: rounds)
        try await options.run(PhotosBench(configuration: configuration))
    }
}
