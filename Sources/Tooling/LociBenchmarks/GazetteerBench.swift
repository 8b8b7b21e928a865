import Foundation
import Gazetteer
import GeoKit
import SeededRandom

/// `loci geocode bench`: loading the GeoNames gazetteer (from its TSV and from the binary cache)
/// and reverse lookups and time zones near real places. No anchor runs: the figures are
/// compared with the targets in `docs/benchmarks.md`.
public struct GazetteerBench: BenchWorkload {
    public static let name = "geocode"

    /// One timed step, medians over the rounds.
    public struct Row: Sendable, Encodable, Equatable {
        /// What was timed (`load from TSV`, `reverse x10000`, …).
        public var name: String
        /// Median wall-clock time, nanoseconds.
        public var wallNanoseconds: Double
        /// Median CPU time of the timing thread, nanoseconds.
        public var cpuNanoseconds: Double
    }

    /// What a run measured.
    public struct Output: Sendable, Encodable, Equatable {
        /// Places in the gazetteer.
        public var places: Int
        /// Rounds per step.
        public var rounds: Int
        /// The steps, in order.
        public var rows: [Row]
    }

    /// The gazetteer TSV.
    public var path: String
    /// Lookups per round.
    public var lookups: Int
    /// Timed rounds per step.
    public var rounds: Int

    /// A run over the gazetteer at `path`.
    public init(path: String, lookups: Int, rounds: Int) {
        self.path = path
        self.lookups = lookups
        self.rounds = rounds
    }

    /// Times the loads and the lookups; the cache goes to a temporary folder, so the gazetteer's
    /// own folder may be read-only.
    /// - Throws: ``BenchError`` for non-positive counts or a cache that was not used, or the
    ///   gazetteer's load error.
    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> Output {
        guard lookups > 0, rounds > 0 else {
            throw BenchError.input(option: "--lookups, --rounds", detail: "must be positive")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-geocode-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cachePath = folder.appendingPathComponent("gazetteer.loci-cache").path
        var gazetteer = try Gazetteer(contentsOf: path)
        _ = try Gazetteer.load(contentsOf: path, cacheAt: cachePath)
        var status = Gazetteer.CacheStatus.rebuilt
        log("loading")
        let parse = try Self.time(rounds: rounds) { gazetteer = try Gazetteer(contentsOf: path) }
        let cached = try Self.time(rounds: rounds) {
            (gazetteer, status) = try Gazetteer.load(contentsOf: path, cacheAt: cachePath)
        }
        guard status == .hit else {
            throw BenchError.input(option: "--gazetteer", detail: "the cache was not used (\(status))")
        }
        // Photo-like points: within ~5 km of random real places (seeded, so every run is the same).
        var random = SplitMix64(seed: 2025)
        let points = (0..<lookups).map { _ in
            let place = gazetteer.place(at: Int.random(in: 0..<gazetteer.count, using: &random))
            let latitude = min(
                90, max(-90, place.coordinate.latitude + Double.random(in: -0.05...0.05, using: &random)))
            let longitude = place.coordinate.longitude + Double.random(in: -0.05...0.05, using: &random)
            return Coordinate(uncheckedLatitude: latitude, longitude: Angle.wrapDegrees(longitude))
        }
        log("lookups")
        let finished = gazetteer
        let reverse = Self.time(rounds: rounds) { for point in points { blackHole(finished.reverse(point)) } }
        let zones = Self.time(rounds: rounds) { for point in points { blackHole(finished.timeZone(at: point)) } }
        return Output(
            places: gazetteer.count, rounds: rounds,
            rows: [
                Row(name: "load from TSV", wallNanoseconds: parse.wall, cpuNanoseconds: parse.cpu),
                Row(name: "load from cache", wallNanoseconds: cached.wall, cpuNanoseconds: cached.cpu),
                Row(name: "reverse x\(lookups)", wallNanoseconds: reverse.wall, cpuNanoseconds: reverse.cpu),
                Row(name: "timeZone x\(lookups)", wallNanoseconds: zones.wall, cpuNanoseconds: zones.cpu),
            ])
    }

    /// The lines `loci geocode bench` prints: one per step, milliseconds.
    public func markdown(_ output: Output) -> String {
        var lines = [
            "\(output.places) places; medians of \(output.rounds) rounds; wall clock and this thread's CPU time"
        ]
        for row in output.rows {
            let label = row.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            lines.append(
                "\(label) \(String(format: "%.1f", row.wallNanoseconds / 1e6)) ms wall"
                    + "  \(String(format: "%.1f", row.cpuNanoseconds / 1e6)) ms CPU")
        }
        return lines.joined(separator: "\n")
    }

    /// Median wall-clock and thread-CPU nanoseconds of `rounds` runs of `body`.
    static func time(rounds: Int, _ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        var walls = [Double]()
        var cpus = [Double]()
        for _ in 0..<rounds {
            let cpuStart = threadCPUNanoseconds()
            walls.append(try Stopwatch.nanoseconds(body))
            cpus.append(threadCPUNanoseconds() - cpuStart)
        }
        return (
            TimingStatistics(samples: walls).medianNanoseconds,
            TimingStatistics(samples: cpus).medianNanoseconds
        )
    }

    /// CPU time this thread has used, which other processes on a busy machine do not inflate.
    static func threadCPUNanoseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }
}
