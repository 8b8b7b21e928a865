import ArgumentParser
import LociBenchmarks

/// `loci bench identify`: ShootVeil's building and aircraft identification against their anchors.
struct BenchIdentifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract:
            "Measure ShootVeil identification: buildings over 50,000 footprints (500 rays), aircraft over 10,000.",
        discussion: """
            Build in release mode. The city is synthetic (a Manhattan-like grid of 9-vertex footprints, \
            heights 6-200 m, a tenth unknown); the sky is 10,000 aircraft within 250 km. Anchors run in the same \
            session, in this process: the exhaustive ray cast (every footprint tested by every ray) for buildings, \
            a geodesic-inverse scan for aircraft; the ratio is anchor time ÷ Loci time.
            """)

    @Option(parsing: .unconditional, help: "Footprints in the city (default 50000).", transform: NumberArgument.whole) var footprints = 50_000
    @Option(parsing: .unconditional, help: "Aircraft in the sky (default 10000).", transform: NumberArgument.whole)
    var aircraft = 10_000
    @Option(parsing: .unconditional, help: "Building queries timed (default 200).", transform: NumberArgument.whole) var queries = 200
    @Option(parsing: .unconditional, help: "Building queries the exhaustive anchor runs (default 5; each takes about a second).", transform: NumberArgument.whole)
    var anchorQueries = 5
    @OptionGroup var options: BenchOptions

    func validate() throws {
        for (option, value) in [("--footprints", footprints), ("--aircraft", aircraft), ("--queries", queries)] where value <= 0 {
            throw ValidationError("\(option) must be positive")
        }
        guard anchorQueries >= 0 else { throw ValidationError("--anchor-queries must not be negative") }
        try options.refuseScript("identify")
    }

    func run() async throws {
        try await options.run(
            IdentifyBench(footprints: footprints, aircraft: aircraft, queries: queries, anchorQueries: anchorQueries))
    }
}
