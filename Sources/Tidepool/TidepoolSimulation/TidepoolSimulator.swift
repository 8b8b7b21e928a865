import Foundation
import GeoKit
import HeatAggregation
import PlaceKit
import PlaceStore
import TidepoolEpochs
import TidepoolKit
import TidepoolTokens

/// Drives the whole presence pipeline over a synthetic population moving among real places:
/// home guard → scheduler → tokens → aggregation → releases → heat reads, and measures what
/// the releases show against the ground truth the simulation knows.
public enum TidepoolSimulator {
    /// A UTC midnight (2025-12-30) the simulated local day is placed on.
    static let utcMidnight: Int64 = 1_767_052_800
    /// The simulated city's offset from UTC, hours (Helsinki in winter): local hour h is
    /// UTC h − 2, so the UTC day of the daily cap turns at 02:00 local time, as it would there.
    static let utcOffsetHours = 2.0

    /// Unix time of the first simulated epoch's start: local `startHour` on the simulated day,
    /// floored to the epoch grid.
    static func startSeconds(startHour: Double, epochSeconds: Int64) -> Int64 {
        let unix = utcMidnight + Int64(((startHour - utcOffsetHours) * 3_600).rounded(.down))
        return (unix >= 0 ? unix / epochSeconds : (unix - epochSeconds + 1) / epochSeconds) * epochSeconds
    }

    /// Runs a simulation on the places of `store`.
    /// - Throws: ``SimulationError`` for bad options, too few places, or a failing component.
    public static func run(
        store: SQLitePlaceStore, options: SimulationOptions, log: (String) -> Void
    ) async throws(SimulationError) -> SimulationReport {
        try validate(options)
        let clock = ContinuousClock()
        let began = clock.now
        var random = SeededSecureRandom(seed: options.seed)
        let noise = SeededSecureRandom(seed: options.seed ^ 0x5EED_0F_D1FF)
        let world = BoundingBox(uncheckedSouth: -90, west: -180, north: 90, east: 180)
        let places: [Place]
        let sensitive: [Place]
        do {
            places = try store.places(in: world, limit: 5_000_000)
            sensitive = try store.places(
                in: world, categories: SyntheticPopulation.sensitiveCategories, limit: 1_000_000)
        } catch {
            throw .component(name: "place store", message: error.description)
        }
        log("\(places.count) places, \(sensitive.count) sensitive; building \(options.users) people")
        let population = try SyntheticPopulation(places: places, options: options, using: &random)
        let tiler = GridTiler.standard
        let codebook = try population.codebook()
        let suppressed: SuppressionList
        do {
            suppressed = try SuppressionList(
                areas: sensitive.map {
                    SensitiveArea(
                        latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                        radiusMeters: options.sensitiveRadius, reason: $0.category)
                }, tiler: tiler)
        } catch {
            throw .component(name: "suppression list", message: "\(error)")
        }
        let domain: PublicTileDomain?
        do {
            domain = options.publicDomain ? try PublicTileDomain.serviceArea(of: store, tiler: tiler) : nil
        } catch {
            throw .component(name: "public tile domain", message: error.description)
        }
        let epochSeconds = Int64(options.epochMinutes) * 60
        let configuration = HeatConfiguration.daily(
            epsilon: options.epsilon, delta: options.delta, dailyEpochCap: options.dailyEpochs,
            shares: Self.levelShares(parentShare: options.parentShare),
            epochSeconds: epochSeconds, ttlSeconds: HeatConfiguration.defaultTTLSeconds(epochSeconds: epochSeconds),
            kMin: options.kMin, facetCount: options.facets ? codebook.count : 0,
            facetCodebookVersion: options.facets ? codebook.version : "", publicDomainSize: domain?.count ?? 0,
            expectedNoiseOnlyTiles: options.expectedNoiseOnlyTiles)
        let suppression = suppressed
        let start = startSeconds(startHour: options.startHour, epochSeconds: configuration.epochSeconds)
        let firstEpoch = start / configuration.epochSeconds
        let firstHour = options.startHour - Double(
            utcMidnight + Int64(((options.startHour - utcOffsetHours) * 3_600).rounded(.down)) - start) / 3_600
        var state = try PipelineState(
            population: population, options: options, configuration: configuration, suppression: suppression,
            codebook: options.facets ? codebook : nil, domain: domain, firstEpoch: firstEpoch, noise: noise)
        for step in 0..<options.epochs {
            let epoch = firstEpoch + Int64(step)
            log("epoch \(step + 1)/\(options.epochs)")
            let hour = firstHour + Double(step) * Double(configuration.epochSeconds) / 3_600
            try await state.simulate(epoch: epoch, hour: hour, random: &random)
        }
        var report = try state.report(places: places.count)
        report.wallSeconds = Self.seconds(clock.now - began)
        return report
    }

    /// Checks the options' ranges.
    static func validate(_ options: SimulationOptions) throws(SimulationError) {
        guard options.users >= 1, options.users <= 2_000_000 else {
            throw .invalidOption(name: "users", reason: "\(options.users) is outside 1...2000000")
        }
        guard options.epochMinutes == 15 || options.epochMinutes == 60 else {
            throw .invalidOption(name: "epoch-minutes", reason: "\(options.epochMinutes) is outside {15, 60}")
        }
        let perDay = 24 * 60 / options.epochMinutes
        guard options.epochs >= 1, options.epochs <= perDay else {
            throw .invalidOption(name: "epochs", reason: "\(options.epochs) is outside 1...\(perDay)")
        }
        guard options.expectedNoiseOnlyTiles.isFinite, options.expectedNoiseOnlyTiles > 0,
            options.expectedNoiseOnlyTiles <= 100
        else {
            throw .invalidOption(
                name: "expected-empty-tiles", reason: "\(options.expectedNoiseOnlyTiles) is outside (0, 100]")
        }
        guard options.epsilon.isFinite, options.epsilon > 0, options.epsilon <= 100 else {
            throw .invalidOption(name: "epsilon", reason: "\(options.epsilon) is outside (0, 100]")
        }
        guard options.dailyEpochs >= 1, options.dailyEpochs <= perDay else {
            throw .invalidOption(name: "daily-epochs", reason: "\(options.dailyEpochs) is outside 1...\(perDay)")
        }
        guard options.reportProbability > 0, options.reportProbability <= 1 else {
            throw .invalidOption(name: "report-probability", reason: "\(options.reportProbability) is outside (0, 1]")
        }
        guard options.delta.isFinite, options.delta > 0, options.delta <= 0.1 else {
            throw .invalidOption(name: "delta", reason: "\(options.delta) is outside (0, 0.1]")
        }
        guard options.kMin >= 1, options.kMin <= 1_000_000 else {
            throw .invalidOption(name: "k-min", reason: "\(options.kMin) is outside 1...1000000")
        }
        guard options.startHour.isFinite, options.startHour >= 0, options.startHour < 24 else {
            throw .invalidOption(name: "start-hour", reason: "\(options.startHour) is outside 0..<24")
        }
        guard options.dimension >= 1, options.dimension <= 4_096 else {
            throw .invalidOption(name: "dimension", reason: "\(options.dimension) is outside 1...4096")
        }
        guard options.parentShare.isFinite, options.parentShare >= 0, options.parentShare < 0.5 else {
            throw .invalidOption(name: "parent-share", reason: "\(options.parentShare) is outside 0..<0.5")
        }
        guard options.topics >= 1, options.topics <= 1_000 else {
            throw .invalidOption(name: "topics", reason: "\(options.topics) is outside 1...1000")
        }
    }

    /// The levels' shares of an epoch's ρ: ``LevelShare/recommended`` when `parentShare` is 0;
    /// otherwise each parent level's count gets `parentShare` and the base the rest, 60:40
    /// between its count and its facets.
    static func levelShares(parentShare: Double) -> [LevelShare] {
        guard parentShare > 0 else { return LevelShare.recommended }
        let base = 1 - 2 * parentShare
        return [
            LevelShare(count: 0.6 * base, facets: 0.4 * base), LevelShare(count: parentShare, facets: 0),
            LevelShare(count: parentShare, facets: 0),
        ]
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
