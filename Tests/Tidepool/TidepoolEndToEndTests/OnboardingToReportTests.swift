import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// The two halves of the app meeting on the phone's settings: what onboarding saves (Home, the
/// reporting switch) is what background reporting obeys, against a real `loci serve`.
@Suite("Tidepool: from onboarding to the first report")
@MainActor
struct OnboardingToReportTests {
    @Test("onboard, walk out of the home guard, and the server accepts one anonymous report; nothing from Home")
    func onboardingToFirstReport() async throws {
        // A cap of a whole day's epochs: every epoch is planned, so the current one is too.
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        #expect(rig.session.isRegistered)

        // Reporting reads the settings file onboarding wrote, through the client that registered.
        let reporting = ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: Fixture.codebook, interest: FixedInterestSource([1, 0, 0]), clock: ServerClock(clock: server.clock),
            random: SeededGenerator(seed: 11))
        await reporting.handle(.permission(.always))
        // The coming epoch's token; the walk happens in it.
        await reporting.wake()
        try await server.closeEpoch()

        func walk(_ meters: [Double]) async {
            let start = Double(server.clock.now)
            for (index, distance) in meters.enumerated() {
                let time = start + Double(index) * 30
                server.clock.now = Int64(time)
                await reporting.handle(.fix(LocationFix(coordinate: TidepoolRig.home.north(distance), time: time)))
            }
        }
        // At the Home onboarding picked: nothing reaches the report route.
        await walk([0, 30, 60, 30, 0])
        #expect(reporting.status.state == .pausedAtHome)
        #expect(try await Fixture.reportRequests(server) == 0)

        // Out past the guard: the first report, accepted by the server.
        await walk([400, 600, 800, 1000, 1200, 1400])
        await Fixture.reportAtMoment(reporting, server)
        #expect(reporting.status.state == .on)
        #expect(try await Fixture.accepted(server) == 1)
        #expect(reporting.status.reportsSent == 1)
    }

    @Test("Home reset in the profile while reporting runs: the guard follows the new Home")
    func homeResetMovesTheGuard() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let store = FileTidepoolSettingsStore(url: rig.settingsFile)
        let reporting = ReportingModel(
            client: rig.session.client, settings: store, codebook: Fixture.codebook,
            interest: FixedInterestSource([1, 0, 0]), clock: ServerClock(clock: server.clock),
            random: SeededGenerator(seed: 12))
        await reporting.handle(.permission(.always))

        // Home moves 2 km north (the user moved house), through the session as the profile does.
        let newHome = TidepoolRig.home.north(2_000)
        try await rig.session.updateSettings { $0.home = newHome }
        await reporting.reload()
        // Fixes at the new Home: inside its guard, so nothing is sent although they are far
        // from the old one.
        let start = Double(server.clock.now)
        for index in 0..<6 {
            let time = start + Double(index) * 30
            server.clock.now = Int64(time)
            await reporting.handle(.fix(LocationFix(coordinate: newHome.north(Double(index) * 10), time: time)))
        }
        #expect(reporting.status.state == .pausedAtHome)
        #expect(try await Fixture.reportRequests(server) == 0)
        // The switch turned off in the map while Home was being moved keeps the new Home.
        await reporting.setReporting(false)
        let saved = try await store.load()
        #expect(saved.home == newHome && !saved.reportingEnabled)
    }
}
