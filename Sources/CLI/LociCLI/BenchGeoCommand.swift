import ArgumentParser
import LociBenchmarks

/// `loci bench geo`: times the core workloads and their anchors in one session and prints ratios.
struct BenchGeoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract:
            "Measure the geodesy, tiling and spatial-index core against its anchors (GeographicLib, h3, nanoflann, SciPy).",
        discussion: """
            Build in release mode for meaningful numbers: swift run -c release loci bench. \
            The anchors run in the same session through scripts/bench-anchors.py (python3 with \
            geographiclib==2.1 and h3==4.5.0; SciPy optional; g++ with libgeographiclib-dev and \
            libnanoflann-dev for the compiled anchors). The ratio is anchor time ÷ Loci \
            time: above 1 means Loci is faster.
            """
    )

    @Flag(help: "A smaller, faster run (100 k points) for smoke checks.")
    var quick = false

    @Option(parsing: .unconditional, help: "Points in the spatial indexes (default 1 000 000, or 100 000 with --quick).", transform: NumberArgument.whole)
    var points: Int?

    @OptionGroup var options: BenchOptions

    func validate() throws {
        if let points, points <= 0 { throw ValidationError("--points must be positive") }
    }

    func run() async throws {
        var configuration = quick ? BenchmarkConfiguration.quick : .full
        if let points { configuration.points = points }
        try await options.run(GeoBench(configuration: configuration, quick: quick))
    }
}
