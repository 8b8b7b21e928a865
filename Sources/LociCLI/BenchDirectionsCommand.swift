import ArgumentParser
import Foundation
import GeoKit
import LociBenchmarks
import RoutingKit
import SeededRandom

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `loci bench directions`: local routes between random pairs across an extract, p50/p95, against
/// plain Dijkstra in the same process and, when given, an OSRM server on loopback for the same pairs.
struct BenchDirectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions",
        abstract: "Measure local directions across an extract (target: ≤ 50 ms) against Dijkstra and OSRM.",
        discussion: """
            Build in release mode. Pairs are random road nodes usable by the mode (seeded), routed \
            coordinate to coordinate with snapping, steps and geometry. --osrm http://127.0.0.1:5000 times \
            an osrm-routed on the same extract (its HTTP round trip included; see scripts/osrm-anchor) and \
            compares route lengths.
            """)

    @Option(help: "The OSM extract (.osm.pbf).") var osm = "../shared/data/osm/baltimore.osm.pbf"
    @Option(help: "foot, bike or car.") var mode: TravelMode = .car
    @Option(help: "Random pairs (default 1000).") var pairs = 1_000
    @Option(help: "Seed for the pairs.") var seed: UInt64 = 1
    @Option(help: "Runs per pair; the fastest counts (default 3; the machine may be shared).") var repeats = 3
    @Option(help: "Base URL of an osrm-routed serving the same extract.") var osrm: String?
    @Flag(help: "Print JSON.") var json = false

    struct Report: Encodable {
        var extract: String
        var mode: String
        var nodes: Int
        var edges: Int
        var build_ms: Double
        var cache_load_ms: Double
        var pairs: Int
        var unreachable: Int
        var repeats: Int
        var local: TimingStatistics
        var local_single_run: TimingStatistics
        var dijkstra: TimingStatistics
        var osrm: TimingStatistics?
        var osrm_pairs: Int?
        var median_length_ratio_to_osrm: Double?
        var within_10_percent_of_osrm: Double?
    }

    func run() async throws {
        guard pairs > 0 else { throw ValidationError("--pairs must be positive") }
        guard repeats > 0 else { throw ValidationError("--repeats must be positive") }
        let url = URL(fileURLWithPath: osm)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InputError("--osm: no file at \(osm)")
        }
        var graph: RoadGraph?
        let build = try Stopwatch.nanoseconds { graph = try RoadGraph(contentsOfPBF: url) }
        guard let graph else { return }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-bench-\(UUID().uuidString).roadgraph")
        defer { try? FileManager.default.removeItem(at: cache) }
        let fingerprint = SourceFingerprint(size: 1, modified: 1)
        try graph.write(cache: cache, source: fingerprint)
        let load = try Stopwatch.nanoseconds { blackHole(try RoadGraph(cache: cache, expected: fingerprint)) }

        let planner = RoutePlanner(graph: graph)
        let usable = (0..<graph.nodeCount).filter { n in
            (Int(graph.firstEdge[n])..<Int(graph.firstEdge[n + 1])).contains {
                graph.edgeModes[$0] & mode.accessBit != 0
            }
        }
        guard usable.count > 1 else {
            throw InputError("--osm: no roads usable by \(mode.rawValue) in \(osm)")
        }
        var generator = SplitMix64(seed: seed)
        var queries: [(Coordinate, Coordinate)] = []
        var unreachable = 0
        while queries.count < pairs && unreachable < 10 * pairs {
            let a = graph.coordinate(usable[Int.random(in: 0..<usable.count, using: &generator)])
            let b = graph.coordinate(usable[Int.random(in: 0..<usable.count, using: &generator)])
            if (try? planner.route(from: a, to: b, mode: mode)) != nil {
                queries.append((a, b))
            } else {
                unreachable += 1
            }
        }
        var routes: [Route] = []
        for (a, b) in queries { routes.append(try planner.route(from: a, to: b, mode: mode)) }
        let (local, localSingle) = Self.time(queries.count, repeats: repeats) { i in
            blackHole(try? planner.route(from: queries[i].0, to: queries[i].1, mode: mode))
        }
        planner.usesHeuristic = false
        let (dijkstra, _) = Self.time(min(queries.count, 300), repeats: repeats) { i in
            blackHole(try? planner.route(from: queries[i].0, to: queries[i].1, mode: mode))
        }
        var report = Report(
            extract: url.lastPathComponent, mode: mode.rawValue, nodes: graph.nodeCount,
            edges: graph.edgeCount,
            build_ms: build / 1e6, cache_load_ms: load / 1e6, pairs: queries.count, unreachable: unreachable,
            repeats: repeats, local: local, local_single_run: localSingle, dijkstra: dijkstra)
        if let osrm { try await anchor(osrm, queries, routes, &report) }
        if json {
            print(try OutputFormat.json(report))
        } else {
            printTable(report)
        }
    }

    /// Times osrm-routed on the same pairs (one HTTP GET each, steps on, like the local routes).
    private func anchor(
        _ base: String, _ queries: [(Coordinate, Coordinate)], _ routes: [Route], _ report: inout Report
    ) async throws {
        let profile = mode == .car ? "driving" : mode == .bicycle ? "cycling" : "walking"
        var samples: [Double] = []
        var ratios: [Double] = []
        let clock = ContinuousClock()
        for (i, (a, b)) in queries.enumerated() {
            guard
                let url = URL(
                    string:
                        "\(base)/route/v1/\(profile)/\(a.longitude),\(a.latitude);\(b.longitude),\(b.latitude)?overview=full&steps=true"
                )
            else {
                throw InputError("--osrm: not a URL: \(base)")
            }
            var data = Data()
            var fastest = Double.infinity
            for _ in 0..<repeats {
                let start = clock.now
                do { (data, _) = try await URLSession.shared.data(from: url) } catch {
                    throw InputError("--osrm: \(base) did not answer: \(error.localizedDescription)")
                }
                fastest = min(fastest, Stopwatch.nanoseconds(in: clock.now - start))
            }
            if i >= 20 { samples.append(fastest) }  // the first answers warm the server up
            struct Answer: Decodable {
                struct R: Decodable { var distance: Double }
                var routes: [R]?
            }
            if let distance = (try? JSONDecoder().decode(Answer.self, from: data))?.routes?.first?.distance,
                distance > 50,
                i < routes.count
            {
                ratios.append(routes[i].distance / distance)
            }
        }
        report.osrm = TimingStatistics(samples: samples)
        report.osrm_pairs = samples.count
        let sorted = ratios.sorted()
        report.median_length_ratio_to_osrm = sorted.isEmpty ? nil : sorted[sorted.count / 2]
        report.within_10_percent_of_osrm =
            ratios.isEmpty ? nil : Double(ratios.filter { abs($0 - 1) <= 0.1 }.count) / Double(ratios.count)
    }

    /// Per-pair times: the fastest of `repeats` runs, and the first run alone.
    static func time(_ count: Int, repeats: Int, _ body: (Int) -> Void) -> (
        best: TimingStatistics, single: TimingStatistics
    ) {
        for i in 0..<min(count, 100) { body(i) }
        var best: [Double] = []
        var single: [Double] = []
        for i in 0..<count {
            var fastest = Double.infinity
            for r in 0..<repeats {
                let elapsed = Stopwatch.nanoseconds { body(i) }
                if r == 0 { single.append(elapsed) }
                fastest = min(fastest, elapsed)
            }
            best.append(fastest)
        }
        return (TimingStatistics(samples: best), TimingStatistics(samples: single))
    }

    private func printTable(_ r: Report) {
        let f = BenchProximityCommand.format
        print(
            "\(r.extract): \(r.nodes) nodes, \(r.edges) edges; built in \(String(format: "%.0f", r.build_ms)) ms, cache read in \(String(format: "%.1f", r.cache_load_ms)) ms"
        )
        print("| router | pairs | p50 | p95 | target |")
        print("|---|---|---|---|---|")
        let meets = r.local.p95Nanoseconds <= 50e6 ? "✅" : "❌"
        print(
            "| Loci A* (\(r.mode)), best of \(r.repeats) | \(r.local.samples) | \(f(r.local.medianNanoseconds)) | \(f(r.local.p95Nanoseconds)) | ≤ 50 ms \(meets) |"
        )
        print(
            "| Loci A* (\(r.mode)), first run only | \(r.local_single_run.samples) | \(f(r.local_single_run.medianNanoseconds)) | \(f(r.local_single_run.p95Nanoseconds)) | |"
        )
        print(
            "| plain Dijkstra, same graph, best of \(r.repeats) | \(r.dijkstra.samples) | \(f(r.dijkstra.medianNanoseconds)) | \(f(r.dijkstra.p95Nanoseconds)) | |"
        )
        if let o = r.osrm {
            print(
                "| OSRM CH over loopback HTTP, best of \(r.repeats) | \(o.samples) | \(f(o.medianNanoseconds)) | \(f(o.p95Nanoseconds)) | |"
            )
            if let ratio = r.median_length_ratio_to_osrm, let within = r.within_10_percent_of_osrm {
                print(
                    "\nroute length ÷ OSRM's: median \(String(format: "%.3f", ratio)); within ±10 %: \(String(format: "%.0f", within * 100)) %"
                )
            }
        }
        print("(\(r.unreachable) random pairs were unreachable and skipped)")
    }
}
