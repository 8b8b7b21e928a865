import ArgumentParser
import Foundation
import LociBenchmarks

/// `loci bench identify`: ShootVeil's building and aircraft identification against their anchors.
struct BenchIdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract:
            "Measure ShootVeil identification: buildings over 50,000 footprints (500 rays), aircraft over 10,000.",
        discussion: """
            Build in release mode. The city is synthetic (a Manhattan-like grid of 9-vertex footprints, \
            heights 6-200 m, a tenth unknown); the sky is 10,000 aircraft within 250 km. Anchors run in the same \
            session: the exhaustive ray cast (every footprint tested by every ray) for buildings, a \
            geodesic-inverse scan for aircraft; the ratio is anchor time ÷ Loci time.
            """)

    @Option(help: "Footprints in the city (default 50000).") var footprints = 50_000
    @Option(help: "Aircraft in the sky (default 10000).") var aircraft = 10_000
    @Option(help: "Building queries timed (default 200).") var queries = 200
    @Option(help: "Building queries the exhaustive anchor runs (default 5; each takes about a second).")
    var anchorQueries = 5
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        guard footprints > 0, aircraft > 0, queries > 0, anchorQueries >= 0 else {
            throw ValidationError("sizes must be positive")
        }
        #if DEBUG
            FileHandle.standardError.write(
                Data("loci bench identify: debug build; numbers are not meaningful (use -c release)\n".utf8))
        #endif
        let city = IdentifyWorkloads.city(buildings: footprints, seed: 5)
        let results = [
            try IdentifyWorkloads.buildingIdentification(
                city: city, queries: queries, anchorQueries: anchorQueries),
            try IdentifyWorkloads.aircraftMatching(count: aircraft, queries: 2_000),
        ]
        if json {
            print(try OutputFormat.json(results))
            return
        }
        print("| workload | detail | median | p95 | target | anchor | anchor median | ratio | notes |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in results {
            let f = BenchProximityCommand.format
            let meets = r.statistics.medianNanoseconds <= r.targetNanoseconds ? "✅" : "❌"
            let notes = r.notes.sorted { $0.key < $1.key }.map {
                "\($0.key) \(String(format: "%.0f", $0.value))"
            }.joined(separator: ", ")
            print(
                "| \(r.workload) | \(r.detail) | \(f(r.statistics.medianNanoseconds)) | \(f(r.statistics.p95Nanoseconds)) | "
                    + "≤ \(f(r.targetNanoseconds)) \(meets) | \(r.anchor) | \(f(r.anchorStatistics.medianNanoseconds)) | "
                    + "\(String(format: "%.0f", r.ratio))× | \(notes) |")
        }
    }
}
