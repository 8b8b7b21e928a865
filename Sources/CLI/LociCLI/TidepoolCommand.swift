import ArgumentParser
import Foundation
import PlaceStore
import TidepoolSimulation

/// `loci tidepool`: Tidepool's presence pipeline tools.
struct TidepoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidepool",
        abstract: "Tidepool presence: simulate the private heat pipeline on real places.",
        subcommands: [TidepoolSimulateCommand.self, TidepoolTokensCommand.self]
    )
}

/// `loci tidepool simulate`: a synthetic population through the whole pipeline.
struct TidepoolSimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Move a synthetic population among real places and measure what the DP releases show.",
        discussion: """
            People get a Home near a real place, a workplace, an evening venue chosen by \
            popularity and interest match, and synthetic interest vectors (mixtures of random \
            topic vectors). Every report goes through the home guard, the scheduler, anonymous \
            tokens and the epoch aggregation; the releases are scored against the known truth. \
            The noise is seeded for reproducibility, so these releases are not private: the \
            production path uses the system CSPRNG. Build in release mode for large runs.
            """
    )

    @Option(name: .customLong("places"), help: "The place database made by loci import.")
    var places: String?

    @Option(
        name: .customLong("server"),
        help: "Drive a running loci serve over HTTP instead (devices register, get tokens, report).")
    var server: String?

    @Option(parsing: .unconditional, help: "Simulated users (default 20000).", transform: NumberArgument.whole)
    var users = 20_000

    @Option(parsing: .unconditional, help: "Epochs of 15 minutes; the first starts at --start-hour local time (default 8; 96 from hour 0 is a whole day).", transform: NumberArgument.whole)
    var epochs = 8

    @Option(
        name: .customLong("epoch-minutes"), parsing: .unconditional,
        help: "Epoch length in minutes, 15 or 60 (default 15).", transform: NumberArgument.whole)
    var epochMinutes = 15

    @Flag(
        name: .customLong("public-domain"),
        help: "Noise every tile holding a place (a public domain) instead of selecting tiles with reports.")
    var publicDomain = false

    @Option(
        name: .customLong("expected-empty-tiles"), parsing: .unconditional,
        help: "With --public-domain: expected empty tiles shown per release, which sets τ (default 0.5).",
        transform: NumberArgument.decimal)
    var expectedEmptyTiles = 0.5

    @Option(
        name: .customLong("parent-share"), parsing: .unconditional,
        help: "Fraction of each epoch's ρ for each coarser level's count (≈300 m, ≈600 m), in 0..<0.5 (default 0: base level only).",
        transform: NumberArgument.decimal)
    var parentShare = 0.0

    @Option(parsing: .unconditional, help: "ε per person per day, zCDP over --daily-epochs (default 2).", transform: NumberArgument.decimal)
    var epsilon = 2.0

    @Option(parsing: .unconditional, help: "δ per person per day (default 1e-05).", transform: NumberArgument.decimal)
    var delta = 1e-5

    @Option(name: .customLong("daily-epochs"), parsing: .unconditional, help: "Epochs a device reports in per day (default 8).", transform: NumberArgument.whole)
    var dailyEpochs = 8

    @Option(
        name: .customLong("report-probability"), parsing: .unconditional,
        help: "Chance a device takes an epoch it could report in, under the daily cap (default 1).",
        transform: NumberArgument.decimal)
    var reportProbability = 1.0

    @Flag(name: .customLong("count-only"), help: "Reports carry no interest facet (the count-only release).")
    var countOnly = false

    @Option(name: .customLong("k-min"), parsing: .unconditional, help: "The smallest public count (default 5).", transform: NumberArgument.whole)
    var kMin = 5

    @Option(parsing: .unconditional, help: "Interest-vector dimension (default 384).", transform: NumberArgument.whole)
    var dimension = 384

    @Option(name: .customLong("start-hour"), parsing: .unconditional, help: "Local hour of the first epoch (default 17).", transform: NumberArgument.decimal)
    var startHour = 17.0

    @Option(parsing: .unconditional, help: "Seed of the population and noise (default 1).", transform: NumberArgument.whole)
    var seed: UInt64 = 1

    @Option(
        name: .customLong("rsa-reports"), parsing: .unconditional, help: "Reports per epoch through real RSA tokens (default all).", transform: NumberArgument.whole)
    var rsaReports: Int?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func run() async throws {
        if let server {
            try await runAgainst(server: server)
            return
        }
        guard let places else { throw InputError("--places or --server is required") }
        guard FileManager.default.fileExists(atPath: places) else {
            throw InputError(
                "--places: no place database at \(places); create one with: loci import FILE.osm.pbf --db \(places)"
            )
        }
        try FileArgument.readable(places, option: "--places", expected: "a place database made by loci import")
        let store = try SQLitePlaceStore(path: places)
        var options = SimulationOptions()
        options.users = users
        options.epochs = epochs
        options.epochMinutes = epochMinutes
        options.publicDomain = publicDomain
        options.expectedNoiseOnlyTiles = expectedEmptyTiles
        options.parentShare = parentShare
        options.epsilon = epsilon
        options.delta = delta
        options.dailyEpochs = dailyEpochs
        options.reportProbability = reportProbability
        options.facets = !countOnly
        options.kMin = kMin
        options.dimension = dimension
        options.startHour = startHour
        options.seed = seed
        options.tokenReports = rsaReports
        let report = try await TidepoolSimulator.run(store: store, options: options) { step in
            FileHandle.standardError.write(Data("loci tidepool: \(step)\n".utf8))
        }
        print(json ? try CLIJSON.pretty(report) : Self.text(report))
    }

    /// The HTTP mode: `--users` devices against a real server for `--epochs` epochs.
    func runAgainst(server: String) async throws {
        let url = try URLArgument.http(server, option: "--server")
        let driver = ServerDriver(server: url, users: users, epochs: epochs, seed: seed)
        let report = try await driver.run { step in
            FileHandle.standardError.write(Data("loci tidepool: \(step)\n".utf8))
        }
        if json {
            print(try CLIJSON.pretty(report))
        } else {
            print(
                "devices \(report.devices), venues \(report.venues), epochs \(report.epochs), tokens \(report.tokens), "
                    + "accepted \(report.accepted), refused \(report.refused), released heat tiles \(report.heatTiles)"
            )
        }
    }

    /// A readable summary.
    static func text(_ report: SimulationReport) -> String {
        func f(_ value: Double, _ decimals: Int = 2) -> String {
            OutputFormat.number(value, decimals: decimals)
        }
        func e(_ value: Double) -> String { String(format: "%.2g", value) }
        var lines = [
            "users \(report.users), epochs \(report.epochs), places \(report.places) (\(report.venues) evening venues), "
                + "suppressed base tiles \(report.suppressedTiles)",
            "reports \(report.reports) (\(report.rsaTokenReports) through RSA blind tokens), "
                + "reported tiles per epoch \(f(report.meanReportedTilesPerEpoch, 1)), "
                + "released per epoch by level \(report.meanReleasedPerEpoch.map { f($0, 1) }.joined(separator: " / "))",
            "away from Home \(f(report.meanHoursAway, 1)) h per person over the run",
            "busy base tiles (true count ≥ k): released as base / covered at any level",
        ]
        for share in report.busy {
            lines.append(
                "  k ≥ \(share.threshold): \(share.busyTiles) tile-epochs, \(f(share.releasedAtBase * 100, 1)) % / \(f(share.coveredAtAnyLevel * 100, 1)) %"
            )
        }
        lines.append(
            "released counts: level, released, mean |error|, RMSE, mean true count, true count < k_min")
        for level in report.accuracy {
            lines.append(
                "  \(level.level): \(level.released), \(f(level.meanAbsoluteError)), \(f(level.rootMeanSquareError)), "
                    + "\(f(level.meanTrueCount, 1)), \(level.releasedBelowKMin)")
        }
        let c = report.cells
        lines.append(
            "(tile, hour) cells: coverage \(f(c.coverage * 100, 1)) % of \(c.busyCells) cells with ≥ \(c.busyPresent) present "
                + "shown at any level; \(f(c.falseShownShare * 100, 1)) % of \(c.shownCells) shown cells with < "
                + "\(c.sparsePresent) present; Spearman(shown intensity, present) \(f(c.spearman, 3))")
        let s = report.similarity
        lines.append(
            "similarity (\(s.viewers) viewers, \(s.pairs) pairs): corr(noisy cos, true cos) \(f(s.noisyVersusTrueCosine, 3)), "
                + "Spearman(intensity, true similarity) \(f(s.intensityVersusTrueSimilarity, 3)), "
                + "mean intensity top/bottom quartile \(f(s.meanIntensityTopQuartile, 3)) / \(f(s.meanIntensityBottomQuartile, 3))"
        )
        let p = report.privacy
        lines.append(
            "privacy: ρ \(e(p.epochRho)) ε \(f(p.epochEpsilon)) δ \(e(p.epochDelta)) per person per epoch; per day "
                + "(at most \(p.dailyEpochCap) of \(p.epochsPerDay) epochs, zCDP) ρ \(e(p.dayRho)) ε \(f(p.dayEpsilon, 3)) "
                + "δ \(e(p.dayDelta)); k_min \(p.kMin); facets \(p.facetCount)")
        if let size = p.publicDomainSize, size > 0 {
            lines.append("  public domain: \(size) base tiles noised every release; τ is a display threshold (no selection δ)")
        }
        for level in p.levels where level.enabled {
            lines.append(
                "  level \(level.level): count ρ \(e(level.countRho)) σ \(f(level.countSigma, 3)) τ \(level.tau) "
                    + "δ_τ \(e(level.singleContributorRelease)); facets ρ \(e(level.facetRho)) σ \(f(level.facetSigma, 3))"
            )
        }
        lines.append(
            "epoch close \(f(report.meanCloseMilliseconds, 1)) ms mean; wall \(f(report.wallSeconds, 1)) s")
        return lines.joined(separator: "\n")
    }
}
