import Foundation
import PhotoMetadata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU seconds (user + system), which stay comparable when other processes share the cores.
enum CPUClock {
    /// CPU time of the calling thread.
    static func thread() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// CPU time of every child process reaped so far.
    static func children() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

/// What `loci bench photos` measures: a folder of real photos, scanned for metadata.
public struct PhotoBenchmarkConfiguration: Sendable {
    /// The real samples copied into the benchmark folder (`photos/exif-samples` in the data folder).
    public var samples: URL
    /// A folder to scan instead of building one (every regular file in it, not recursive).
    public var folder: URL?
    /// How many files the built folder holds.
    public var files: Int
    /// Timed rounds of the Loci scan (the median is reported); the anchors run once each.
    public var rounds: Int

    public init(samples: URL, folder: URL?, files: Int, rounds: Int) {
        self.samples = samples
        self.folder = folder
        self.files = files
        self.rounds = rounds
    }
}

/// One tool's scan of the folder.
public struct PhotoScanResult: Sendable, Codable {
    /// `loci`, or the anchor's command line (shortened).
    public var tool: String
    /// Files given to the tool.
    public var files: Int
    /// Files read without error (for Loci; the anchors' own counts are not parsed).
    public var readable: Int?
    /// Median wall-clock seconds for the whole folder.
    public var seconds: Double
    /// CPU seconds (user + system) of the same run, the figure that survives a busy machine.
    public var cpuSeconds: Double
    /// Files per wall-clock second.
    public var filesPerSecond: Double { seconds > 0 ? Double(files) / seconds : .infinity }
    /// Files per CPU second.
    public var filesPerCPUSecond: Double { cpuSeconds > 0 ? Double(files) / cpuSeconds : .infinity }
}

/// Why the photo benchmark could not run.
public enum PhotoBenchmarkError: Error, CustomStringConvertible {
    case noSamples(String)
    case io(String)

    public var description: String {
        switch self {
        case .noSamples(let path): "no readable photos in \(path) (pass --dir or run scripts/fetch-data)"
        case .io(let detail): detail
        }
    }
}

/// The photo metadata scan and its anchors (exiftool, exiv2), in one session.
public enum PhotoWorkloads {
    /// The folder to scan: `configuration.folder`, or a cached folder under the temporary
    /// directory holding `files` entries — each good sample copied once, and hard links to those
    /// copies up to the count (so the folder costs the samples' 32 MB, not 10 000 copies).
    public static func prepareFolder(_ configuration: PhotoBenchmarkConfiguration, log: (String) -> Void)
        throws -> [String]
    {
        let fm = FileManager.default
        if let folder = configuration.folder {
            let names = try fm.contentsOfDirectory(atPath: folder.path).sorted()
            let paths = names.map { folder.appendingPathComponent($0).path }.filter { path in
                var isDirectory: ObjCBool = false
                return fm.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            guard !paths.isEmpty else { throw PhotoBenchmarkError.noSamples(folder.path) }
            return paths
        }
        let good = try goodSamples(in: configuration.samples)
        guard !good.isEmpty else { throw PhotoBenchmarkError.noSamples(configuration.samples.path) }
        let folder = fm.temporaryDirectory.appendingPathComponent("loci-bench-photos-\(configuration.files)")
        let names = (0..<configuration.files).map { index in
            String(format: "%05d-", index) + good[index % good.count].lastPathComponent
        }
        let paths = names.map { folder.appendingPathComponent($0).path }
        if paths.allSatisfy({ fm.fileExists(atPath: $0) }),
            (try? fm.contentsOfDirectory(atPath: folder.path).count) == paths.count
        {
            return paths
        }
        log("building \(folder.path) (\(configuration.files) files from \(good.count) samples)")
        try? fm.removeItem(at: folder)
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, path) in paths.enumerated() {
            if index < good.count {
                try fm.copyItem(at: good[index], to: URL(fileURLWithPath: path))
            } else {
                try fm.linkItem(atPath: paths[index % good.count], toPath: path)
            }
        }
        return paths
    }

    /// The samples outside `invalid/` and other than `corrupted.jpg` that the reader reads.
    static func goodSamples(in root: URL) throws -> [URL] {
        let extensions: Set<String> = ["jpg", "jpeg", "tif", "tiff", "heic", "heif"]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var result: [URL] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            guard !url.path.contains("/invalid/"), url.lastPathComponent != "corrupted.jpg" else { continue }
            if (try? PhotoMetadataReader.read(path: url.path)) != nil { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// Times a single-threaded scan of `paths`: one warm-up pass (it also warms the page
    /// cache), then `rounds` timed passes; reports the median.
    public static func scan(_ paths: [String], rounds: Int) -> PhotoScanResult {
        var readable = 0
        func pass() {
            readable = 0
            for path in paths {
                if let metadata = try? PhotoMetadataReader.read(path: path) {
                    readable += 1
                    blackHole(metadata)
                }
            }
        }
        pass()
        var seconds: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<max(1, rounds) {
            let cpuStart = CPUClock.thread()
            seconds.append(Stopwatch.nanoseconds { pass() } / 1e9)
            cpu.append(CPUClock.thread() - cpuStart)
        }
        return PhotoScanResult(
            tool: "loci (PhotoMetadataReader, 1 thread)", files: paths.count, readable: readable,
            seconds: TimingStatistics(samples: seconds).medianNanoseconds,
            cpuSeconds: TimingStatistics(samples: cpu).medianNanoseconds)
    }
}
