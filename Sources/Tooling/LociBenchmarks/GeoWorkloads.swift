import Foundation
import GeoKit
import SeededRandom

/// One measured workload of `loci bench`.
public struct WorkloadResult: Sendable, Codable, Hashable {
    /// Stable workload name (`geodesic-inverse`, `tile-id`, `knn-10`, …); anchors use the same names.
    public var name: String
    /// What exactly was timed.
    public var detail: String
    /// Loci's timing, nanoseconds per operation.
    public var timing: TimingStatistics
    /// The issue's target for this workload, if it has one, in nanoseconds per operation.
    public var targetNanoseconds: Double?
    /// Whether the target bounds the 95th percentile (place queries) rather than the median.
    public var targetIsP95 = false
}

/// Sizes of a benchmark run.
public struct BenchmarkConfiguration: Sendable {
    /// Points in the spatial indexes and the tile-id batch.
    public var points: Int
    /// Individually timed queries per query workload.
    public var queries: Int
    /// Repetitions of each batch workload.
    public var rounds: Int
    /// Seed for every random input.
    public var seed: UInt64

    /// The full run: 1 M points, 10 000 queries, 15 rounds.
    public static let full = BenchmarkConfiguration(points: 1_000_000, queries: 10_000, rounds: 15, seed: 42)
    /// A quick run for smoke checks: 100 k points, 2 000 queries, 5 rounds.
    public static let quick = BenchmarkConfiguration(points: 100_000, queries: 2_000, rounds: 5, seed: 42)

    /// Creates a configuration.
    public init(points: Int, queries: Int, rounds: Int, seed: UInt64) {
        self.points = points
        self.queries = queries
        self.rounds = rounds
        self.seed = seed
    }
}

/// The geodesy, tiling and spatial-index workloads, each timed in this process.
public enum GeoWorkloads {
    /// Uniform points on the sphere (uniform in sin(latitude) and longitude).
    public static func uniformPoints(_ count: Int, using rng: inout SplitMix64) -> [Coordinate] {
        (0..<count).map { _ in
            Coordinate(
                uncheckedLatitude: asin(Double.random(in: -1...1, using: &rng)) / Angle.radiansPerDegree,
                longitude: Double.random(in: -180..<180, using: &rng))
        }
    }

    /// Points spread uniformly over a disc of `radius` metres around `center` (a dense city).
    public static func cityPoints(
        _ count: Int, around center: Coordinate, radius: Double, using rng: inout SplitMix64
    ) -> [Coordinate] {
        (0..<count).map { _ in
            let distance = radius * Double.random(in: 0...1, using: &rng).squareRoot()
            let bearing = Double.random(in: 0..<360, using: &rng)
            return (try? Spherical.destination(from: center, bearing: bearing, distance: distance)) ?? center
        }
    }

    /// Runs every workload and reports progress through `log`.
    public static func run(
        _ configuration: BenchmarkConfiguration, log: (String) -> Void
    ) throws -> [WorkloadResult] {
        var rng = SplitMix64(seed: configuration.seed)
        var results: [WorkloadResult] = []
        let pairCount = 20_000
        let a = uniformPoints(pairCount, using: &rng)
        let b = uniformPoints(pairCount, using: &rng)

        log("haversine")
        var sink = 0.0
        results.append(
            WorkloadResult(
                name: "haversine", detail: "Haversine.distance, random global pairs",
                timing: Stopwatch.batch(operations: pairCount, rounds: configuration.rounds) { i in
                    sink += Haversine.distance(a[i], b[i])
                }, targetNanoseconds: nil))

        log("geodesic inverse")
        let geodesic = Geodesic.wgs84
        results.append(
            WorkloadResult(
                name: "geodesic-inverse",
                detail: "Geodesic.wgs84.inverse (distance + both azimuths), random global pairs",
                timing: Stopwatch.batch(operations: pairCount, rounds: configuration.rounds) { i in
                    sink += geodesic.inverse(a[i], b[i]).distance
                }, targetNanoseconds: 1_000))

        log("geodesic direct")
        let azimuths = (0..<pairCount).map { _ in Double.random(in: -180..<180, using: &rng) }
        let lengths = (0..<pairCount).map { _ in Double.random(in: 0..<20_000_000, using: &rng) }
        results.append(
            WorkloadResult(
                name: "geodesic-direct", detail: "Geodesic.wgs84.direct, random start, azimuth and length",
                timing: Stopwatch.batch(operations: pairCount, rounds: configuration.rounds) { i in
                    sink +=
                        (try? geodesic.direct(from: a[i], azimuth: azimuths[i], distance: lengths[i]))?
                        .finalAzimuth ?? 0
                }, targetNanoseconds: nil))

        log("tile id")
        let tiler = GridTiler.standard
        let tilePoints = uniformPoints(min(configuration.points, 1_000_000), using: &rng)
        var tileSink: UInt64 = 0
        results.append(
            WorkloadResult(
                name: "tile-id",
                detail: "GridTiler.standard.tile(for:) level 0 (≈150 m), random global points",
                timing: Stopwatch.batch(operations: tilePoints.count, rounds: configuration.rounds) { i in
                    tileSink &+= tiler.tile(for: tilePoints[i]).rawValue
                }, targetNanoseconds: 50))

        results += try indexWorkloads(
            name: "uniform", points: uniformPoints(configuration.points, using: &rng),
            queries: uniformPoints(configuration.queries, using: &rng), configuration: configuration, log: log
        )

        let helsinki = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
        let city = cityPoints(configuration.points, around: helsinki, radius: 50_000, using: &rng)
        let cityQueries = cityPoints(configuration.queries, around: helsinki, radius: 45_000, using: &rng)
        results += try indexWorkloads(
            name: "city", points: city, queries: cityQueries, configuration: configuration, log: log)

        blackHole(sink)
        blackHole(tileSink)
        return results
    }

    private static func indexWorkloads(
        name: String, points: [Coordinate], queries: [Coordinate],
        configuration: BenchmarkConfiguration, log: (String) -> Void
    ) throws -> [WorkloadResult] {
        let label = name == "uniform" ? "uniform on the globe" : "a 50 km city disc"
        log("static index build (\(name))")
        var index: StaticPointIndex?
        let buildNanoseconds = Stopwatch.nanoseconds { index = StaticPointIndex(points) }
        guard let index else { return [] }
        var results = [
            WorkloadResult(
                name: "index-build-\(name)",
                detail: "StaticPointIndex over \(points.count) points, \(label) (one build, per point)",
                timing: TimingStatistics(samples: [buildNanoseconds / Double(points.count)]),
                targetNanoseconds: nil)
        ]

        log("k-nearest (\(name))")
        var neighbors: [PointNeighbor] = []
        neighbors.reserveCapacity(64)
        var sink = 0
        let knn = Stopwatch.perCall(calls: queries.count) { i in
            index.nearest(to: queries[i], k: 10, into: &neighbors)
            sink &+= neighbors.count
        }
        results.append(
            WorkloadResult(
                name: name == "uniform" ? "knn-10" : "knn-10-\(name)",
                detail: "nearest k = 10 over \(points.count) points, \(label)", timing: knn,
                targetNanoseconds: 5_000))

        log("500 m radius (\(name))")
        var found = 0
        let radius = try Stopwatch.perCallThrowing(calls: queries.count) { i in
            try index.within(radius: 500, of: queries[i], into: &neighbors)
            found &+= neighbors.count
        }
        results.append(
            WorkloadResult(
                name: name == "uniform" ? "radius-500m" : "radius-500m-\(name)",
                detail:
                    "within 500 m over \(points.count) points, \(label) (mean \(String(format: "%.1f", Double(found) / Double(queries.count))) hits)",
                timing: radius, targetNanoseconds: 20_000))
        blackHole(sink)
        return results
    }
}

extension Stopwatch {
    /// ``perCall(calls:_:)`` for a body that can throw; the first error ends the measurement.
    public static func perCallThrowing(calls: Int, _ body: (Int) throws -> Void) throws -> TimingStatistics {
        var failure: (any Error)?
        let statistics = perCall(calls: calls) { i in
            guard failure == nil else { return }
            do { try body(i) } catch { failure = error }
        }
        if let failure { throw failure }
        return statistics
    }
}
