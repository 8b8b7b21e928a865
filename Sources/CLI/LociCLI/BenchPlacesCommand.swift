import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench places`: the place store's query workloads on a replicated real extract, and the
/// Python sqlite3 anchor on the same database and queries, in one session.
struct BenchPlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Measure place search, autocomplete, details and nearby against the sqlite3 anchor.",
        discussion: """
            Build in release mode: swift run -c release loci bench places. The database is the \
            extract's places copied to random city centres (±50 m jitter) up to --places, built once \
            and cached under the temporary folder (loci-bench-places). Queries: 60 % whole names, \
            30 % 3–6 letter prefixes, 10 % names with one letter replaced, each centred within \
            1.8 km of its place. The anchor (scripts/bench-places-anchor.py, python3 stdlib) runs \
            R*Tree box → word prefix → distance on the same file and queries. Targets bound p95.
            """
    )

    @Option(parsing: .unconditional, help: "Places in the benchmark database (default 1000000).", transform: NumberArgument.whole)
    var places = 1_000_000

    @Option(parsing: .unconditional, help: "Queries per workload (default 1000).", transform: NumberArgument.whole)
    var queries = 1_000

    @Option(help: "The OSM extract to replicate (default: osm/helsinki.osm.pbf in the data folder).")
    var osm: String?

    @Option(parsing: .unconditional, help: "Seed for the replication and the queries (default 2024).", transform: NumberArgument.whole)
    var seed: UInt64 = 2024

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard places > 0 else { throw ValidationError("--places must be positive") }
        guard queries > 0 else { throw ValidationError("--queries must be positive") }
        if let osm { try FileArgument.readable(osm, option: "--osm", expected: "an OSM extract (.osm.pbf)") }
    }

    func run() async throws {
        let source = osm.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? LociPaths.dataDirectory.appendingPathComponent("osm/helsinki.osm.pbf")
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw ValidationError("no extract at \(source.path) (pass --osm PATH or run scripts/fetch-data)")
        }
        try await options.run(
            PlacesBench(
                configuration: PlaceBenchmarkConfiguration(osm: source, places: places, queries: queries, seed: seed)))
    }
}
