import Foundation
import HeatAggregation
import LociTestSupport
import Testing

/// The stated ε against an independent implementation: Google's dp-accounting, composing the
/// same published discrete Gaussians over the same epochs (`scripts/dp-accounting-check.py`).
@Suite("The stated ε is never below dp-accounting's for the same mechanisms")
struct AccountingCrossCheckTests {
    /// What dp-accounting says for a statement's mechanisms.
    struct Figure: Decodable {
        var pld_discrete_epsilon: Double
        var pld_gaussian_epsilon: Double
        var rdp_epsilon: Double
    }

    /// The statement holds when its ε is at least dp-accounting's discrete-Gaussian PLD figure at
    /// the same δ′. That figure is a pessimistic estimate (an upper bound on the exact loss), so
    /// no tolerance is needed in the statement's favour; the PLD of the discrete Gaussian is the
    /// mechanism actually run, and the continuous Gaussian's (reported too) differs by < 0.01.
    static func holds(statedEpsilon: Double, figure: Figure) -> Bool {
        statedEpsilon >= figure.pld_discrete_epsilon
    }

    static var available: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import dp_accounting"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    /// Runs the script for the published σs over `epochs` epochs at δ′.
    static func figure(sigmas: [Double], epochs: Int, delta: Double) throws -> Figure {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Repository.file("scripts/dp-accounting-check.py").path, "--epochs", "\(epochs)",
             "--delta", "\(delta)"] + sigmas.flatMap { ["--sigma", "\($0)"] }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "dp-accounting-check.py failed: \(message)")
        return try JSONDecoder().decode(Figure.self, from: data)
    }

    /// Every mechanism a device's report feeds in one epoch: each enabled level's count and
    /// facet histogram.
    static func sigmas(_ parameters: ReleaseParameters) -> [Double] {
        parameters.levels.filter(\.enabled).flatMap { level in
            [level.countSigma] + (level.facetSigma > 0 ? [level.facetSigma] : [])
        }
    }

    static let configurations: [(String, HeatConfiguration)] = [
        ("recommended", HeatConfiguration.recommended),
        // `loci serve`'s default: the recommended configuration with the bundled 31-facet
        // codebook (40 % of ρ to the facets) over Helsinki's 82-tile domain.
        ("the server's default: public domain, hourly, 31 facets", {
            var configuration = HeatConfiguration.daily(
                epsilon: 2, delta: 1e-5, dailyEpochCap: HeatConfiguration.recommendedDailyEpochCap, epochSeconds: 3_600,
                ttlSeconds: 3_600, facetCount: 31,
                facetCodebookVersion: "t", publicDomainSize: 82)
            configuration.expectedNoiseOnlyTiles = HeatConfiguration.recommendedExpectedNoiseOnlyTiles
            return configuration
        }()),
        ("partition selection, 15-minute epochs, facets", HeatConfiguration.daily(
            epsilon: 2, delta: 1e-5, dailyEpochCap: 8, facetCount: 24, facetCodebookVersion: "t")),
        ("public domain, hourly, count-only", HeatConfiguration.daily(
            epsilon: 2, delta: 1e-5, dailyEpochCap: 8, epochSeconds: 3_600, ttlSeconds: 1_800,
            publicDomainSize: 2_000)),
    ]

    @Test(
        "the day's stated ε is at least dp-accounting's, and the week's and year's by zCDP",
        .enabled(
            if: available || ExternalTool.isCI,
            "needs python3 with dp-accounting (scripts/requirements-dp-accounting.txt); CI installs it"),
        arguments: configurations.map(\.0))
    func dayMatches(name: String) throws {
        let configuration = try #require(Self.configurations.first { $0.0 == name }).1
        let parameters = try configuration.publishedParameters()
        let figure = try Self.figure(
            sigmas: Self.sigmas(parameters), epochs: parameters.dailyEpochCap, delta: parameters.conversionDelta)
        #expect(Self.holds(statedEpsilon: parameters.dayEpsilon, figure: figure), "\(name): \(figure)")
        // The zCDP statement is looser than the tight PLD, but not wildly (a wrong composition
        // count or σ would show as a large gap either way).
        #expect(parameters.dayEpsilon < figure.pld_discrete_epsilon * 1.25)
        // Discrete and continuous Gaussians of the same σ lose almost the same.
        #expect(abs(figure.pld_discrete_epsilon - figure.pld_gaussian_epsilon) < 0.01)
    }

    @Test(
        "a statement that composes fewer epochs than a device may report in is caught",
        .enabled(
            if: available || ExternalTool.isCI,
            "needs python3 with dp-accounting (scripts/requirements-dp-accounting.txt); CI installs it"))
    func brokenStatementCaught() throws {
        let parameters = try HeatConfiguration.recommended.publishedParameters()
        // Broken: states the ε of K/4 epochs while devices report in K.
        let broken = ZeroConcentratedConversion.epsilon(
            rho: parameters.dayRho / 4, delta: parameters.conversionDelta)
        let figure = try Self.figure(
            sigmas: Self.sigmas(parameters), epochs: parameters.dailyEpochCap, delta: parameters.conversionDelta)
        #expect(!Self.holds(statedEpsilon: broken, figure: figure))
        // And a statement with a σ smaller than claimed (half) is caught too.
        let halved = try Self.figure(
            sigmas: Self.sigmas(parameters).map { $0 / 2 }, epochs: parameters.dailyEpochCap,
            delta: parameters.conversionDelta)
        #expect(!Self.holds(statedEpsilon: parameters.dayEpsilon, figure: halved))
    }
}
