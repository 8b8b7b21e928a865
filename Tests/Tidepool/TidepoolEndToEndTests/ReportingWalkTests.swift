import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// Background reporting against a real `loci serve` on loopback, with a replayed walk: what the
/// server counted is the evidence.
@Suite("Tidepool reporting: a walk from Home and back")
@MainActor
struct ReportingWalkTests {
    /// Reporting on; with a server whose cap is a whole day's epochs every epoch is planned (so
    /// the walk, not the plan, decides).
    static func model(
        _ server: ClientTestServer, client: TidepoolClient, enabled: Bool = true,
        home: Coordinate? = Fixture.home
    ) -> (ReportingModel, InMemoryTidepoolSettingsStore) {
        let settings = InMemoryTidepoolSettingsStore(
            TidepoolSettings(home: home, onboardingCompleted: true, reportingEnabled: enabled))
        let model = ReportingModel(
            client: client, settings: settings, codebook: Fixture.codebook,
            interest: FixedInterestSource([1, 0, 0]),
            clock: ServerClock(clock: server.clock), random: SeededGenerator(seed: 7))
        return (model, settings)
    }

    /// Fixes every 30 s from the server's now, `meters` north of Home each.
    static func fixes(_ server: ClientTestServer, _ meters: [Double]) -> [LocationUpdate] {
        let start = Double(server.clock.now)
        return meters.enumerated().map { index, distance in
            .fix(LocationFix(coordinate: Fixture.home.north(distance), time: start + Double(index) * 30))
        }
    }

    /// Replays `updates`, keeping the server's clock at each fix's time.
    static func walk(_ model: ReportingModel, _ server: ClientTestServer, _ updates: [LocationUpdate]) async {
        for update in updates {
            if case .fix(let fix) = update { server.clock.now = Int64(fix.time) }
            await model.handle(update)
        }
    }

    @Test(
        "starts at Home (nothing sent), leaves (one report per epoch, at its planned moment), comes back (nothing sent)"
    )
    func walk() async throws {
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let (model, _) = Self.model(server, client: client)
        await model.handle(.permission(.always))
        // The day's batch (the coming epochs whose keys are published) before any fix; the walk
        // starts in the next epoch, which it holds a token for.
        await model.wake()
        #expect(model.status.tokensHeld >= 1)
        try await server.closeEpoch()

        // Epoch 1: at Home and around it, inside the 450 ft guard: the server hears nothing.
        await Self.walk(model, server, Self.fixes(server, [0, 20, 60, 120, 90, 40]))
        #expect(model.status.state == .pausedAtHome)
        #expect(model.ring == nil)
        #expect(try await Fixture.reportRequests(server) == 0)

        // Still epoch 1: out past 550 ft; visible after two fixes and a minute outside; one
        // report at the token's moment (or the first fix away after it) and no more in this epoch
        // however long the walk goes on.
        await Self.walk(model, server, Self.fixes(server, [300, 400, 500, 600, 700, 800, 900, 1000]))
        await Fixture.reportAtMoment(model, server)
        await Self.walk(model, server, Self.fixes(server, [1000, 1000]))
        #expect(model.status.state == .on)
        #expect(model.ring != nil)
        #expect(try await Fixture.accepted(server) == 1)
        #expect(model.status.reportsSent == 1)
        let firstReport = try #require(model.status.lastReportAt)

        // Epoch 2: still away: one more report.
        try await server.closeEpoch()
        await model.wake()
        await Self.walk(model, server, Self.fixes(server, [1000, 1100, 1200, 1100]))
        await Fixture.reportAtMoment(model, server)
        #expect(try await Fixture.accepted(server) == 2)
        #expect(try #require(model.status.lastReportAt) > firstReport)

        // Epoch 3: back home at once: hidden at the first fix inside 450 ft, nothing sent all epoch.
        try await server.closeEpoch()
        await model.wake()
        await Self.walk(model, server, Self.fixes(server, [100, 50, 0, 0, 10, 0, 5, 0]))
        await Fixture.reportAtMoment(model, server)
        #expect(model.status.state == .pausedAtHome, "\(model.status) \(model.wallet.days.map(\.refusal))")
        #expect(model.ring == nil)
        #expect(try await Fixture.accepted(server) == 2)
        #expect(try await Fixture.reportRequests(server) == 2)
        #expect(model.status.lastProblem == nil)
    }

    @Test("the replayed source drives the model; switched off or without permission nothing is sent")
    func offStates() async throws {
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let (model, settings) = Self.model(server, client: client, enabled: false)
        let away = Self.fixes(server, [2000, 2000, 2000, 2000, 2000, 2000])
        await model.run(ReplayedLocationUpdates([.permission(.always)] + away))
        #expect(model.status.state == .off(.switchedOff))
        #expect(try await Fixture.reportRequests(server) == 0)

        await model.setReporting(true)
        #expect(await settings.load().reportingEnabled)
        await model.handle(.permission(.denied))
        #expect(model.status.state == .off(.noPermission))
        await Self.walk(model, server, Self.fixes(server, [2000, 2000, 2000]))
        #expect(try await Fixture.reportRequests(server) == 0)

        await model.handle(.permission(.whenInUse))
        await model.wake()
        try await server.closeEpoch()
        await Self.walk(model, server, Self.fixes(server, [2000, 2000, 2000]))
        await Fixture.reportAtMoment(model, server)
        #expect(model.status.state == .on)
        #expect(try await Fixture.accepted(server) == 1)
    }

    @Test("no Home means off: the guard has nothing to protect")
    func noHome() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let (model, _) = Self.model(server, client: client, home: nil)
        await model.run(
            ReplayedLocationUpdates([.permission(.always)] + Self.fixes(server, [2000, 2000, 2000, 2000])))
        #expect(model.status.state == .off(.noHome))
        #expect(try await Fixture.reportRequests(server) == 0)
    }
}

/// A refused batch against the real server: its 409 reaches the model, which says why and does
/// not ask again.
@Suite("Tidepool reporting: a batch loci serve refuses")
@MainActor
struct RefusedBatchTests {
    /// Hourly epochs, a cap of 1 token in any 24 hours, keys published 30 hours ahead.
    nonisolated static func server() async throws -> ClientTestServer {
        try await ClientTestServer.start(
            {
                $0.epsilon = 30
                $0.delta = 0.01
                $0.kMin = 1
                $0.dailyEpochs = 1
            }, epochLength: 3_600, keyAheadEpochs: 30)
    }

    @Test("day_spent for the planned batch: the state says why, and the batch is not asked again")
    func refused() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let current = server.services.engine.currentEpoch
        // The device's key already holds its one token of the day's worth of epochs around now.
        _ = try await client.presenceTokens(for: [current + 1])
        // A seed whose plan for today takes an epoch after the current one (so it asks at all).
        let schedule = try EpochSchedule(lengthSeconds: 3_600)
        let seed = try #require(
            (UInt64(1)...64).first { seed in
                var random = SeededGenerator(seed: seed)
                let plan = DailyTokenPlan.make(
                    firstEpoch: current / 24 * 24, cap: 1, windowEpochs: 24, schedule: schedule,
                    using: &random)
                return plan.epochs.contains { $0 > current + 1 }
            })
        let model = ReportingModel(
            client: client,
            settings: InMemoryTidepoolSettingsStore(
                TidepoolSettings(home: Fixture.home, onboardingCompleted: true, reportingEnabled: true)),
            codebook: nil, interest: FixedInterestSource(nil), clock: ServerClock(clock: server.clock),
            random: SeededGenerator(seed: seed))
        await model.handle(.permission(.always))
        await model.wake()
        await model.handle(
            .fix(LocationFix(coordinate: Fixture.home.north(2_000), time: Double(server.clock.now))))
        #expect(model.status.state == .doneForToday)
        #expect(model.status.lastProblem?.contains("day_spent") == true, "\(model.status)")
        #expect(model.status.tokensHeld == 0)
        let batches = #"route="/v1/tidepool/tokens/batch""#
        let asked = try await server.counter("loci_http_requests_total", labels: [batches])
        server.clock.now += 1_800
        await model.wake()
        #expect(try await server.counter("loci_http_requests_total", labels: [batches]) == asked)
    }
}
