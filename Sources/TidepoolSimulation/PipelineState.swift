import Foundation
import GeoKit
import HeatAggregation
import TidepoolKit
import TidepoolTokens

/// The running simulation: devices, the token server, the aggregator and the ground truth.
struct PipelineState {
    let population: SyntheticPopulation
    let options: SimulationOptions
    let configuration: HeatConfiguration
    let suppression: SuppressionList
    let tiler = GridTiler.standard
    var reporters: [PresenceReporter]
    var keyring: EpochKeyring?
    let ledger = InMemoryIssuanceLedger()
    let spent = InMemorySpentNonceStore()
    let releases = InMemoryReleaseStore()
    var metrics = SimulationMetrics()

    init(
        population: SyntheticPopulation, options: SimulationOptions, configuration: HeatConfiguration,
        suppression: SuppressionList
    ) {
        self.population = population
        self.options = options
        self.configuration = configuration
        self.suppression = suppression
        reporters = population.people.map { PresenceReporter(home: $0.home) }
    }

    /// Creates the token keyring at the first epoch.
    mutating func startTokens(epoch: Int64) throws(SimulationError) {
        do {
            keyring = try EpochKeyring(currentEpoch: epoch)
        } catch {
            throw .component(name: "tokens", message: error.description)
        }
    }

    /// Simulates one epoch starting at local `hour`.
    mutating func simulate(
        epoch: Int64, hour: Double, random: inout SeededSecureRandom, noise: inout SeededSecureRandom
    ) throws(SimulationError) {
        guard let keyring else { throw .component(name: "tokens", message: "no keyring") }
        do { try keyring.rotate(to: epoch) } catch {
            throw .component(name: "tokens", message: error.description)
        }
        spent.discard(before: epoch)
        ledger.discard(before: epoch)
        let start = Double(epoch * configuration.epochSeconds)
        let length = Double(configuration.epochSeconds)
        var aggregator: EpochAggregator
        do {
            aggregator = try EpochAggregator(
                epoch: epoch, configuration: configuration, tiler: tiler, suppression: suppression)
        } catch {
            throw .component(name: "aggregation", message: error.description)
        }
        let verifier = TokenVerifier(keyring: keyring, spent: spent, tiler: tiler)
        let issuer = TokenIssuer(keyring: keyring, ledger: ledger)
        let publicKey: Data
        do { publicKey = try keyring.publicKeyDER(epoch: epoch) } catch {
            throw .component(name: "tokens", message: error.description)
        }
        var truth = EpochTruth(dimension: options.dimension)
        var rsaReports = 0
        for (index, person) in population.people.enumerated() {
            // Fix times: every 20–40 s in the foreground, two opportunistic fixes otherwise.
            let foreground = Double.random(in: 0..<1, using: &random) < person.foregroundShare
            var times: [Double] = []
            if foreground {
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
                        let blind = try issuer.issue(
                            device: "device-\(index)", epoch: epoch, blindedMessage: pending.blindedMessage)
                        let token = try client.finish(pending, blindSignature: blind)
                        try verifier.redeem(token.redemption(for: report.tile))
                        rsaReports += 1
                    } else {
                        guard ledger.record(device: "device-\(index)", epoch: epoch),
                            spent.insert(nonce: TokenMessage.randomNonce(), epoch: epoch)
                        else { continue }
                    }
                    try aggregator.add(tile: report.tile, interest: person.interest)
                } catch {
                    metrics.refused += 1
                    continue
                }
                if !suppression.contains(report.tile) { truth.add(report.tile, person.interest) }
            }
        }
        metrics.rsaReports += rsaReports
        metrics.reportedTiles.append(aggregator.tileCount)
        let clock = ContinuousClock()
        let closeStart = clock.now
        let release = aggregator.close(using: &noise)
        metrics.closeSeconds.append(TidepoolSimulator.seconds(clock.now - closeStart))
        do { try releases.publish(release) } catch {
            throw .component(name: "release store", message: error.description)
        }
        metrics.record(release: release, truth: truth, tiler: tiler, kMin: configuration.kMin)
        metrics.recordSimilarity(
            release: release, truth: truth, population: population, viewers: options.viewers, tiler: tiler,
            using: &random)
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
    func report(places: Int) throws(SimulationError) -> SimulationReport {
        let privacy: ReleaseParameters
        do { privacy = try configuration.publishedParameters() } catch {
            throw .component(name: "aggregation", message: error.description)
        }
        return metrics.report(
            users: options.users, epochs: options.epochs, places: places, venues: population.venues.count,
            suppressedTiles: suppression.tiles.count, privacy: privacy)
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
