import Foundation

extension PhotoWorkloads {
    /// The tags every tool is asked for (the fields of `loci photo-info`).
    static let exiftoolTags = [
        "-DateTimeOriginal", "-SubSecTimeOriginal", "-OffsetTimeOriginal", "-GPSLatitude", "-GPSLongitude",
        "-GPSAltitude", "-GPSImgDirection", "-GPSDateStamp", "-GPSTimeStamp", "-Orientation", "-ImageWidth",
        "-ImageHeight", "-Make", "-Model", "-FocalLength", "-FocalLengthIn35mmFormat",
    ]

    /// `exiftool -fast -n -json TAGS… FOLDER`: one process over the folder (its fastest mode
    /// for a folder; `-fast` stops reading JPEGs at the first scan, as Loci does).
    public static func exiftool(folder: String, files: Int) throws -> PhotoScanResult {
        let arguments = ["-fast", "-n", "-json", "-q", "-q"] + exiftoolTags + [folder]
        let (seconds, cpu) = try run("exiftool", arguments)
        return PhotoScanResult(
            tool: "exiftool -fast -n -json (1 process, folder)", files: files, readable: nil,
            seconds: seconds, cpuSeconds: cpu)
    }

    /// `exiv2 -q -P kv -g KEY… FILES…` (keys and values of the same tags; no image decoding), in
    /// as few processes as the argument limit allows (2 000 files each).
    public static func exiv2(paths: [String], rounds: Int) throws -> PhotoScanResult {
        let keys = [
            "Exif.Photo.DateTimeOriginal", "Exif.Photo.SubSecTimeOriginal", "Exif.Photo.OffsetTimeOriginal",
            "Exif.GPSInfo.", "Exif.Image.Orientation", "Exif.Image.Make", "Exif.Image.Model",
            "Exif.Photo.FocalLength", "Exif.Photo.FocalLengthIn35mmFilm", "Exif.Photo.PixelXDimension",
            "Exif.Photo.PixelYDimension",
        ]
        let base = ["-q", "-P", "kv"] + keys.flatMap { ["-g", $0] }
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        for _ in 0..<max(1, rounds) {
            var total = 0.0
            var cpu = 0.0
            for start in stride(from: 0, to: paths.count, by: 2_000) {
                let (seconds, cpuSeconds) = try run(
                    "exiv2", base + Array(paths[start..<min(start + 2_000, paths.count)]), allowFailure: true)
                total += seconds
                cpu += cpuSeconds
            }
            samples.append(total)
            cpuSamples.append(cpu)
        }
        let processes = (paths.count + 1_999) / 2_000
        return PhotoScanResult(
            tool: "exiv2 -P kv -g TAGS (\(processes) process\(processes == 1 ? "" : "es"), files)",
            files: paths.count, readable: nil, seconds: TimingStatistics(samples: samples).medianNanoseconds,
            cpuSeconds: TimingStatistics(samples: cpuSamples).medianNanoseconds)
    }

    /// Runs `tool` through `/usr/bin/env` with output discarded; returns wall-clock and CPU seconds.
    /// exiv2 exits non-zero when some file lacks a tag, so its status is only checked for launch.
    private static func run(_ tool: String, _ arguments: [String], allowFailure: Bool = false) throws -> (
        Double, Double
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let cpuStart = CPUClock.children()
        let seconds =
            try Stopwatch.nanoseconds {
                try process.run()
                process.waitUntilExit()
            } / 1e9
        if process.terminationStatus == 127 || (!allowFailure && process.terminationStatus != 0) {
            throw PhotoBenchmarkError.io(
                "\(tool) exited with status \(process.terminationStatus) (is it installed?)")
        }
        return (seconds, CPUClock.children() - cpuStart)
    }
}
