import Foundation
import GeoKit
import RoutingKit
import SeededRandom

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `loci bench directions`: local routes between random pairs across an extract, p50/p95,
/// against plain Dijkstra in the same process and, when given, an OSRM server on loopback for
/// the same pairs (its HTTP round trip included).
public struct DirectionsBench: BenchWorkload {
    public static let name = "directions"

    /// What a run measured. JSON keys are `loci bench directions --json`'s.
    public struct Report: Sendable, Encodable {
        public var extract: String
        public var mode: String
        public var nodes: Int
        public var edges: Int
        public var build_ms: Double
        public var cache_load_ms: Double
        public var pairs: Int
        public var unreachable: Int
        public var repeats: Int
        public var local: TimingStatistics
        public var local_single_run: TimingStatistics
        public var dijkstra: TimingStatistics
        public var osrm: TimingStatistics?
        public var osrm_pairs: Int?
        public var median_length_ratio_to_osrm: Double?
        public var within_10_percent_of_osrm: Double?
    }

    /// The OSM extract (`.osm.pbf`).
    public var osm: String
    /// The travel mode routed.
    public var mode: TravelMode
    /// Random pairs routed.
    public var pairs: Int
    /// Seed for the pairs.
    public var seed: UInt64
    /// Runs per pair; the fastest counts.
    public var repeats: Int
    /// Base URL of an osrm-routed serving the same extract (the anchor), if any.
    public var osrm: String?

    /// A run with these choices.
    public init(osm: String, mode: TravelMode, pairs: Int, seed: UInt64, repeats: Int, osrm: String?) {
        self.osm = osm
        self.mode = mode
        self.pairs = pairs
        self.seed = seed
        self.repeats = repeats
        self.osrm = osrm
    }

    /// Builds the graph, picks the pairs, times A* and Dijkstra, then OSRM when ``osrm`` is set
    /// and external anchors may run.
    ///
    /// - Throws: ``BenchError`` for a missing extract, one without usable roads, or an OSRM that
    ///   does not answer; `RoadGraph`'s errors for an unreadable extract.
    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> Report {
        let url = URL(fileURLWithPath: osm)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BenchError.input(option: "--osm", detail: "no file at \(osm)")
        }
        log("road graph of \(url.lastPathComponent)")
        var built: RoadGraph?
        let build = try Stopwatch.nanoseconds { built = try RoadGraph(contentsOfPBF: url) }
        guard let graph = built else { throw BenchError.input(option: "--osm", detail: "no road graph from \(osm)") }
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
            throw BenchError.input(option: "--osm", detail: "no roads usable by \(mode.rawValue) in \(osm)")
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
        log("\(queries.count) pairs (\(unreachable) unreachable)")
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
        if let osrm, anchors.runExternal {
            log("OSRM at \(osrm)")
            try await anchor(osrm, queries, routes, &report)
        }
        return report
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
                throw BenchError.input(option: "--osrm", detail: "not a URL: \(base)")
            }
            var data = Data()
            var fastest = Double.infinity
            for _ in 0..<repeats {
                let start = clock.now
                do { (data, _) = try await URLSession.shared.data(from: url) } catch {
                    throw BenchError.input(option: "--osrm", detail: "\(base) did not answer: \(error.localizedDescription)")
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

    /// The graph line, the routers' table, OSRM's length agreement and the unreachable count.
    public func markdown(_ r: Report) -> String {
        var lines: [String] = []
        let f = BenchFormat.duration
        lines.append(
            "\(r.extract): \(r.nodes) nodes, \(r.edges) edges; built in \(String(format: "%.0f", r.build_ms)) ms, cache read in \(String(format: "%.1f", r.cache_load_ms)) ms"
        )
        lines.append("| router | pairs | p50 | p95 | target |")
        lines.append("|---|---|---|---|---|")
        let meets = r.local.p95Nanoseconds <= 50e6 ? "✅" : "❌"
        lines.append(
            "| Loci A* (\(r.mode)), best of \(r.repeats) | \(r.local.samples) | \(f(r.local.medianNanoseconds)) | \(f(r.local.p95Nanoseconds)) | ≤ 50 ms \(meets) |"
        )
        lines.append(
            "| Loci A* (\(r.mode)), first run only | \(r.local_single_run.samples) | \(f(r.local_single_run.medianNanoseconds)) | \(f(r.local_single_run.p95Nanoseconds)) | |"
        )
        lines.append(
            "| plain Dijkstra, same graph, best of \(r.repeats) | \(r.dijkstra.samples) | \(f(r.dijkstra.medianNanoseconds)) | \(f(r.dijkstra.p95Nanoseconds)) | |"
        )
        if let o = r.osrm {
            lines.append(
                "| OSRM CH over loopback HTTP, best of \(r.repeats) | \(o.samples) | \(f(o.medianNanoseconds)) | \(f(o.p95Nanoseconds)) | |"
            )
            if let ratio = r.median_length_ratio_to_osrm, let within = r.within_10_percent_of_osrm {
                lines.append(
                    "\nroute length ÷ OSRM's: median \(String(format: "%.3f", ratio)); within ±10 %: \(String(format: "%.0f", within * 100)) %"
                )
            }
        }
        lines.append("(\(r.unreachable) random pairs were unreachable and skipped)")
        return lines.joined(separator: "\n")
    }
}
