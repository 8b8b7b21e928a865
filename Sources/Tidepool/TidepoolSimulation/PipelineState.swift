import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import TidepoolEpochs
import TidepoolKit
import TidepoolStorage
import TidepoolTokens

/// The running simulation: devices, the Tidepool engine (the server's, on a simulated clock
/// with seeded noise and an in-memory store), and the ground truth.
struct PipelineState {
    let population: SyntheticPopulation
    let options: SimulationOptions
    let configuration: HeatConfiguration
    let suppression: SuppressionList
    /// The facet codebook (the population's topics), nil for count-only releases.
    let codebook: FacetCodebook?
    let tiler = GridTiler.standard
    var reporters: [PresenceReporter]
    /// The engine's time: the start of the epoch being simulated, then its end for the close.
    let clock: SimulationClock
    let engine: TidepoolEngine
    var metrics = SimulationMetrics()
    /// The (tile, hour) measure: people present against heat shown.
    var coverage: HourlyCoverage
    /// The hour whose presence is being collected, and each person's base tiles away from Home
    /// in it so far.
    var presenceHour: Int64?
    var presenceTiles: [Set<TileID>]
    /// Seconds between an epoch's end and its close (one node: nothing to wait for).
    static let closeDelaySeconds: Int64 = 1

    /// Creates the engine at the first epoch's start (its key is generated now).
    /// - Parameter noise: the releases' noise (seeded: reproducible, so not private).
    init(
        population: SyntheticPopulation, options: SimulationOptions, configuration: HeatConfiguration,
        suppression: SuppressionList, codebook: FacetCodebook?, domain: PublicTileDomain?, firstEpoch: Int64,
        noise: SeededSecureRandom
    ) throws(SimulationError) {
        self.population = population
        self.options = options
        self.configuration = configuration
        self.suppression = suppression
        self.codebook = codebook
        coverage = HourlyCoverage(tiler: tiler)
        presenceTiles = Array(repeating: [], count: population.people.count)
        let sampler: DailyEpochSampler
        let schedule: EpochSchedule
        do {
            schedule = try EpochSchedule(lengthSeconds: configuration.epochSeconds)
            sampler = try DailyEpochSampler(
                dailyCap: options.dailyEpochs, probability: options.reportProbability, epochs: schedule)
        } catch {
            throw .invalidOption(name: "daily-epochs", reason: error.description)
        }
        reporters = population.people.map { person in
            var reporter = PresenceReporter(
                home: person.home, scheduler: ReportScheduler(epochs: schedule), sampler: sampler)
            reporter.setInterest(person.interest, codebook: codebook)
            return reporter
        }
        let clock = SimulationClock(firstEpoch * configuration.epochSeconds)
        self.clock = clock
        do {
            engine = try TidepoolEngine(
                configuration: configuration, suppression: suppression, store: InMemoryEpochStore(),
                node: "simulation", noise: noise, tiler: tiler, closeDelaySeconds: Self.closeDelaySeconds,
                keyAheadEpochs: 1, domain: domain, clock: { clock.now })
        } catch let error as TokenError {
            throw .component(name: "tokens", message: error.description)
        } catch {
            throw .component(name: "aggregation", message: "\(error)")
        }
    }

    /// Simulates one epoch starting at local `hour`: its reports through the engine, then the
    /// boundary (the engine rotates the key and closes the epoch) and the release's scores.
    mutating func simulate(
        epoch: Int64, hour: Double, random: inout SeededSecureRandom
    ) async throws(SimulationError) {
        guard engine.currentEpoch == epoch else {
            throw .component(name: "tokens", message: "the engine is at epoch \(engine.currentEpoch), not \(epoch)")
        }
        let start = Double(epoch * configuration.epochSeconds)
        let length = Double(configuration.epochSeconds)
        let publicKey: Data
        do { publicKey = try await engine.publicKeyDER() } catch {
            throw .component(name: "tokens", message: error.description)
        }
        var truth = EpochTruth(dimension: options.dimension)
        var rsaReports = 0
        let hourIndex = Self.hour(of: epoch, configuration: configuration)
        if presenceHour != hourIndex { flushPresence() }
        presenceHour = hourIndex
        // Ground truth at the middle of every quarter hour of the epoch, whatever its length.
        let quarters = max(1, Int(configuration.epochSeconds / 900))
        let samples = (0..<quarters).map { hour + (Double($0) + 0.5) * length / Double(quarters) / 3_600 }
        for (index, person) in population.people.enumerated() {
            for sample in samples {
                let place = person.place(at: sample, venues: population.venues)
                if Haversine.distance(place, person.home) > Self.awayMeters {
                    presenceTiles[index].insert(tiler.tile(for: place))
                    metrics.awayQuarters += 1
                }
            }
            // Fix times: every 20–40 s in the foreground, two opportunistic fixes otherwise.
            let foreground = Double.random(in: 0..<1, using: &random) < person.foregroundShare
            var times: [Double] = []
            if person.isHome(throughout: hour..<(hour + length / 3_600)) {
                // Home all epoch: one fix keeps the guard hidden exactly as many would (each fix
                // inside the radius hides and restarts the dwell), and nothing is reported.
                times = [start + Double.random(in: 0..<length, using: &random)]
            } else if foreground {
                var t = start + Double.random(in: 0..<20, using: &random)
                while t < start + length {
                    times.append(t)
                    t += Double.random(in: 20...40, using: &random)
                }
            } else {
                times = [
                    Double.random(in: 0..<length, using: &random),
                    Double.random(in: 0..<length, using: &random),
                ]
                .sorted().map { start + $0 }
            }
            for time in times {
                let place = person.place(at: hour + (time - start) / 3_600, venues: population.venues)
                let fix = Self.jitter(place, using: &random)
                let output = reporters[index].observe(
                    fix: fix, at: time, appState: foreground ? .foreground : .background, using: &random)
                guard let report = output.report else { continue }
                metrics.reports += 1
                // Token: issuance with identity, redemption without.
                let useRSA = options.tokenReports.map { rsaReports < $0 } ?? true
                do {
                    if useRSA {
                        let client = TokenClient()
                        let pending = try client.request(epoch: epoch, publicKeyDER: publicKey)
                        let blind = try engine.issue(
                            device: "device-\(index)", epoch: epoch, blindedMessage: pending.blindedMessage)
                        let token = try client.finish(pending, blindSignature: blind)
                        try engine.ingest(token.redemption(for: report.tile, facet: report.facet))
                        rsaReports += 1
                    } else {
                        guard
                            try engine.countWithoutToken(
                                device: "device-\(index)", epoch: epoch, tile: report.tile, facet: report.facet)
                        else { continue }
                    }
                } catch {
                    metrics.refused += 1
                    continue
                }
                if !suppression.contains(report.tile) { truth.add(report.tile, person.interest) }
            }
        }
        metrics.rsaReports += rsaReports
        // The engine's aggregation holds a slot for exactly these tiles: the counted,
        // unsuppressed ones.
        metrics.reportedTiles.append(truth.counts.count)
        let release = try await close(epoch: epoch)
        coverage.addRelease(hour: hourIndex, tiles: release.tiles)
        metrics.record(release: release, truth: truth, tiler: tiler, kMin: configuration.kMin)
        metrics.recordSimilarity(
            release: release, truth: truth, population: population, viewers: options.viewers, tiler: tiler,
            codebook: codebook, using: &random)
    }

    /// A person is away from Home (and counted present) beyond the home guard's show radius.
    static let awayMeters = HomeGuard.Configuration().showAboveMeters

    /// The Unix hour (hours since 1970) an epoch starts in.
    static func hour(of epoch: Int64, configuration: HeatConfiguration) -> Int64 {
        let start = epoch * configuration.epochSeconds
        return start >= 0 ? start / 3_600 : (start - 3_599) / 3_600
    }

    /// Moves the collected hour's presence into the measure (sensitive tiles excluded: they are
    /// never shown by design) and starts a new hour.
    mutating func flushPresence() {
        guard let presenceHour else { return }
        for index in presenceTiles.indices where !presenceTiles[index].isEmpty {
            coverage.addPresence(
                hour: presenceHour, baseTiles: presenceTiles[index].filter { !suppression.contains($0) })
            presenceTiles[index].removeAll(keepingCapacity: true)
        }
        self.presenceHour = nil
    }

    /// Takes the engine through the end of `epoch` as the server's ticker would: at the
    /// boundary it rotates the key and flushes the counts; a close delay later it closes the
    /// epoch (the timed part: the sum, the DP release, storing it).
    mutating func close(epoch: Int64) async throws(SimulationError) -> HeatRelease {
        clock.now = (epoch + 1) * configuration.epochSeconds
        let published: [HeatRelease]
        do {
            let early = try await engine.tick()
            guard early.isEmpty else {
                throw SimulationError.component(name: "epoch close", message: "released before the close delay")
            }
            clock.now += Self.closeDelaySeconds
            let stopwatch = ContinuousClock()
            let closeStart = stopwatch.now
            published = try await engine.tick()
            metrics.closeSeconds.append(TidepoolSimulator.seconds(stopwatch.now - closeStart))
        } catch let error as SimulationError {
            throw error
        } catch {
            throw .component(name: "epoch close", message: "\(error)")
        }
        guard let release = published.first(where: { $0.epoch == epoch }) else {
            throw .component(name: "epoch close", message: "epoch \(epoch) was not released")
        }
        return release
    }

    /// A fix: the place plus GPS noise (normal, σ = 8 m, in a random direction).
    static func jitter(_ place: Coordinate, using random: inout some RandomNumberGenerator) -> Coordinate {
        let distance = abs(SyntheticPopulation.gaussian(using: &random)) * 8
        return
            (try? Spherical.destination(
                from: place, bearing: Double.random(in: 0..<360, using: &random), distance: distance))
            ?? place
    }

    /// The report.
    mutating func report(places: Int) throws(SimulationError) -> SimulationReport {
        flushPresence()
        let privacy: ReleaseParameters
        do { privacy = try configuration.publishedParameters() } catch {
            throw .component(name: "aggregation", message: error.description)
        }
        return metrics.report(
            users: options.users, epochs: options.epochs, places: places, venues: population.venues.count,
            suppressedTiles: suppression.tiles.count, cells: coverage.summary(), privacy: privacy)
    }
}

/// What really happened in one epoch: counted reports per base tile and their interest sums.
struct EpochTruth {
    let dimension: Int
    var counts: [TileID: Int] = [:]
    var sums: [TileID: [Float]] = [:]

    init(dimension: Int) { self.dimension = dimension }

    mutating func add(_ tile: TileID, _ interest: [Float]) {
        counts[tile, default: 0] += 1
        var sum = sums[tile] ?? [Float](repeating: 0, count: dimension)
        for index in 0..<min(dimension, interest.count) { sum[index] += interest[index] }
        sums[tile] = sum
    }

    /// True count and interest sum of a tile at any level.
    func aggregate(_ tile: TileID, tiler: GridTiler) -> (count: Int, sum: [Float]) {
        if tile.level == 0 { return (counts[tile] ?? 0, sums[tile] ?? []) }
        var count = 0
        var sum = [Float](repeating: 0, count: dimension)
        for (base, n) in counts where tiler.ancestor(of: base, level: tile.level) == tile {
            count += n
            if let baseSum = sums[base] { for index in 0..<dimension { sum[index] += baseSum[index] } }
        }
        return (count, sum)
    }
}
