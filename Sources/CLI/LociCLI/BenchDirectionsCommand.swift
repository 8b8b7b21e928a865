import ArgumentParser
import Foundation
import LociBenchmarks
import RoutingKit

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
    @Option(parsing: .unconditional, help: "Random pairs (default 1000).", transform: NumberArgument.whole) var pairs = 1_000
    @Option(parsing: .unconditional, help: "Seed for the pairs (default 1).", transform: NumberArgument.whole) var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "Runs per pair; the fastest counts (default 3; the machine may be shared).", transform: NumberArgument.whole) var repeats = 3
    @Option(help: "Base URL of an osrm-routed serving the same extract.") var osrm: String?
    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard pairs > 0 else { throw ValidationError("--pairs must be positive") }
        guard repeats > 0 else { throw ValidationError("--repeats must be positive") }
        try options.refuseScript("directions")
        try FileArgument.readable(osm, option: "--osm", expected: "an OSM extract (.osm.pbf)")
        if let osrm { try URLArgument.http(osrm, option: "--osrm") }
    }

    func run() async throws {
        try await options.run(
            DirectionsBench(osm: osm, mode: mode, pairs: pairs, seed: seed, repeats: repeats, osrm: osrm))
    }
}
