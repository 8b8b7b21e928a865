import Foundation
import GeoKit
import LociTestSupport
import Synchronization
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer
import TidepoolTokens

@testable import TidepoolFeature

/// Issue 33, "Issuance timing": many phones' reporting models against a real `loci serve`
/// (loopback, manual clock) through the real `TidepoolClient`, over two simulated days. An
/// adversary holding the server's issuance log (device, time, the epochs asked for) and the
/// report log (time, tile, epoch) joins them by time, and links no better than chance.
///
/// Chance is what the design concedes: a batch names its epochs (each epoch has its own key), so
/// the issuance log says which phones hold a token for epoch `e`, and a report of `e` is one of
/// theirs. Guessing among those holders uniformly is right with probability E[1/|holders(e)|]
/// over the reports; that is the chance level. Each timing join must stay within
/// chance + 4 standard errors + 0.02 (the simulation is seeded: no flakiness, no timing
/// thresholds). The same joins on a log where the token was fetched just before each report
/// (the old behaviour) link nearly every report: the checker is shown to catch the leak.
@Suite("Tidepool issuance timing: logs joined by time link no better than chance")
@MainActor
struct IssuanceLinkingTests {
    struct Issuance: Sendable {
        var device: Int
        var time: Double
        var epochs: [Int64]
    }

    struct Report: Sendable {
        var device: Int  // ground truth, never in a log
        var time: Double
        var epoch: Int64
        var tile: TileID
    }

    /// What a server's and a proxy's logs hold, with the reports' true device for scoring.
    final class Logs: Sendable {
        let state = Mutex<(issuances: [Issuance], reports: [Report])>(([], []))
        func issued(_ issuance: Issuance) { state.withLock { $0.issuances.append(issuance) } }
        func reported(_ report: Report) { state.withLock { $0.reports.append(report) } }
    }

    /// The real client, logging what the server sees.
    struct LoggingClient: TidepoolPresenceAPI {
        let base: TidepoolClient
        let device: Int
        let logs: Logs
        let clock: ManualClock

        func privacy() async throws(TidepoolClientError) -> TidepoolPrivacy { try await base.privacy() }
        func epoch() async throws(TidepoolClientError) -> TidepoolEpoch { try await base.epoch() }
        func epochKeys() async throws(TidepoolClientError) -> PublishedEpochKeys {
            try await base.epochKeys()
        }
        func presenceToken(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
            let token = try await base.presenceToken(for: epoch)
            logs.issued(Issuance(device: device, time: Double(clock.now), epochs: [token.epoch]))
            return token
        }
        func presenceTokens(for epochs: [Int64]) async throws(TidepoolClientError) -> [PresenceToken] {
            let tokens = try await base.presenceTokens(for: epochs)
            logs.issued(Issuance(device: device, time: Double(clock.now), epochs: epochs))
            return tokens
        }
        func report(_ token: PresenceToken, tile: TileID, facet: Int?) async throws(TidepoolClientError) {
            try await base.report(token, tile: tile, facet: facet)
            logs.reported(Report(device: device, time: Double(clock.now), epoch: token.epoch, tile: tile))
        }
    }

    /// One phone's day: when it leaves Home and comes back (hours of the UTC day), and when its
    /// app is opened (seconds of the simulation).
    struct Phone {
        var home: Coordinate
        var away: Coordinate
        var leaves: Double
        var returns: Double
        var opens: Set<Int>
    }

    /// Hourly epochs, a cap of 4 tokens in any 24 hours, keys published 30 hours ahead.
    nonisolated static func server() async throws -> ClientTestServer {
        try await ClientTestServer.start(
            {
                $0.epsilon = 30
                $0.delta = 0.01
                $0.kMin = 1
                $0.dailyEpochs = 4
                $0.registrationsPerMinute = 1_000
            }, epochLength: 3_600, keyAheadEpochs: 30)
    }

    static let devices = 24
    static let step: Int64 = 300

    @Test("nearest preceding issuance, nearest issuance and time-of-day joins stay at chance")
    func joinsAtChance() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let logs = Logs()
        var random = SeededGenerator(seed: 33)
        let start = server.clock.now
        let steps = Int(52 * 3_600 / Self.step)
        var phones: [Phone] = []
        var models: [ReportingModel] = []
        for index in 0..<Self.devices {
            let client = TidepoolClient(serverURL: server.baseURL, retry: RetryPolicy(maxAttempts: 1))
            try await client.register(attestation: "linking-\(index)", platform: .ios)
            let home = Coordinate(
                uncheckedLatitude: 60.15 + Double.random(in: 0..<0.05, using: &random),
                longitude: 24.90 + Double.random(in: 0..<0.08, using: &random))
            let leaves = Double.random(in: 6..<10, using: &random)
            let opens = Set((0..<6).map { _ in Int.random(in: 0..<steps, using: &random) }).union([0])
            phones.append(
                Phone(
                    home: home, away: home.north(2_500), leaves: leaves,
                    returns: leaves + Double.random(in: 8..<12, using: &random), opens: opens))
            let model = ReportingModel(
                client: LoggingClient(base: client, device: index, logs: logs, clock: server.clock),
                settings: InMemoryTidepoolSettingsStore(
                    TidepoolSettings(home: home, onboardingCompleted: true, reportingEnabled: true)),
                codebook: nil, interest: FixedInterestSource(nil), clock: ServerClock(clock: server.clock),
                random: SeededGenerator(seed: UInt64(100 + index)))
            await model.handle(.permission(.always))
            models.append(model)
        }
        for step in 0..<steps {
            let time = start + Int64(step) * Self.step
            server.clock.now = time
            try await server.services.engine.tick()
            let hour = Double(time % 86_400) / 3_600
            for (index, model) in models.enumerated() {
                let phone = phones[index]
                if phone.opens.contains(step) { await model.wake() }
                let away = hour >= phone.leaves && hour < phone.returns
                await model.handle(
                    .fix(LocationFix(coordinate: away ? phone.away : phone.home, time: Double(time))))
            }
        }
        let (issuances, reports) = logs.state.withLock { $0 }
        try #require(reports.count >= 60, "too few reports to judge: \(reports.count)")
        #expect(
            models.allSatisfy { $0.status.lastProblem == nil }, "\(models.compactMap(\.status.lastProblem))")

        let result = Self.score(issuances: issuances, reports: reports)
        let bound =
            result.chance + 4 * (result.chance * (1 - result.chance) / Double(reports.count)).squareRoot()
            + 0.02
        print(
            "linking: \(reports.count) reports, \(issuances.count) issuances, chance \(result.chance), "
                + "joins \(result.accuracy), bound \(bound)")
        for (join, accuracy) in result.accuracy {
            #expect(accuracy <= bound, "join \(join) links \(accuracy) of reports, chance \(result.chance)")
        }

        // The old behaviour: each report's token fetched 50 ms before it. The same joins link most
        // reports (not all: phones whose fixes share a simulated second tie), far above the bound.
        let leaky = reports.map { Issuance(device: $0.device, time: $0.time - 0.05, epochs: [$0.epoch]) }
        let broken = Self.score(issuances: leaky, reports: reports)
        for join in ["nearest preceding issuance", "nearest preceding issuance among holders"] {
            let accuracy = broken.accuracy[join] ?? 0
            #expect(accuracy >= 0.75 && accuracy > bound + 0.2, "join \(join) on the leaky log: \(accuracy)")
        }
    }

    /// Each join's share of reports linked to their true device, and the chance level.
    static func score(issuances: [Issuance], reports: [Report]) -> (
        chance: Double, accuracy: [String: Double]
    ) {
        var holders: [Int64: Set<Int>] = [:]
        for issuance in issuances {
            for epoch in issuance.epochs { holders[epoch, default: []].insert(issuance.device) }
        }
        func nearest(_ candidates: [Issuance], to time: Double, by distance: (Double) -> Double?) -> Int? {
            var best: (device: Int, distance: Double)?
            for issuance in candidates {
                guard let d = distance(issuance.time) else { continue }
                if let current = best,
                    current.distance < d || (current.distance == d && current.device <= issuance.device)
                {
                    continue
                }
                best = (issuance.device, d)
            }
            return best?.device
        }
        func timeOfDay(_ t: Double) -> Double { t.truncatingRemainder(dividingBy: 86_400) }
        let joins: [String: (Report) -> Int?] = [
            "nearest preceding issuance": { report in
                nearest(issuances, to: report.time) { report.time >= $0 ? report.time - $0 : nil }
            },
            "nearest preceding issuance among holders": { report in
                let candidates = issuances.filter { $0.epochs.contains(report.epoch) }
                return nearest(candidates, to: report.time) { report.time >= $0 ? report.time - $0 : nil }
            },
            "nearest issuance among holders": { report in
                nearest(issuances.filter { $0.epochs.contains(report.epoch) }, to: report.time) {
                    abs(report.time - $0)
                }
            },
            "nearest time of day among holders": { report in
                nearest(issuances.filter { $0.epochs.contains(report.epoch) }, to: report.time) {
                    let d = abs(timeOfDay(report.time) - timeOfDay($0))
                    return min(d, 86_400 - d)
                }
            },
        ]
        var chanceSum = 0.0
        for report in reports {
            let count = holders[report.epoch]?.count ?? 1
            chanceSum += 1 / Double(max(1, count))
        }
        let chance = chanceSum / Double(max(1, reports.count))
        var accuracy: [String: Double] = [:]
        for (name, join) in joins {
            let right = reports.filter { join($0) == $0.device }.count
            accuracy[name] = Double(right) / Double(max(1, reports.count))
        }
        return (chance, accuracy)
    }
}
