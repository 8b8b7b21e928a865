import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// The sharing switch (map and profile) and picking a new Home, as a person follows them,
/// against a real `loci serve` on loopback.
@Suite("Tidepool: the sharing switch and a new Home")
@MainActor
struct SharingSwitchTests {
    /// Onboarding that answers "Not now" at the location step (or asks, when `askLocation`).
    static func onboard(_ rig: TidepoolRig, askLocation: Bool) async throws {
        let model = rig.onboarding()
        try await rig.session.start()
        await model.load()
        model.next()
        if askLocation {
            await model.requestLocation()
            model.next()
        } else {
            model.skipLocation()
        }
        #expect(model.step == .home)
        model.placeHome(TidepoolRig.home)
        await model.confirmHome()
        model.next()
        model.next()
        model.search("jazz")
        model.toggle(try #require(model.suggestions.first).tag)
        await model.finish()
        #expect(model.step == .finished)
    }

    static func reporting(_ rig: TidepoolRig, seed: UInt64) -> ReportingModel {
        ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: Fixture.codebook, interest: FixedInterestSource([1, 0, 0]),
            clock: ServerClock(clock: rig.server.clock), random: SeededGenerator(seed: seed),
            permission: rig.permission)
    }

    /// Fixes every 30 s at these distances north of `from`, on the server's clock.
    static func walk(
        _ reporting: ReportingModel, _ server: ClientTestServer, from: Coordinate, _ meters: [Double]
    ) async {
        let start = Double(server.clock.now)
        for (index, distance) in meters.enumerated() {
            let time = start + Double(index) * 30
            server.clock.now = Int64(time)
            await reporting.handle(.fix(LocationFix(coordinate: from.north(distance), time: time)))
        }
    }

    @Test(
        "location declined at onboarding; the switch on the map asks for it and the first report reaches the server"
    )
    func switchOnAfterDecline() async throws {
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        try await Self.onboard(rig, askLocation: false)
        #expect(!rig.session.settings.reportingEnabled)
        #expect(await rig.permission.prompts.isEmpty)

        let reporting = Self.reporting(rig, seed: 21)
        await reporting.start()
        #expect(reporting.status.state == .off(.switchedOff))
        #expect(!reporting.isSharingOn)

        await reporting.setReporting(true)
        #expect(await rig.permission.prompts == ["whenInUse", "always"])
        #expect(reporting.isSharingOn)
        #expect(!reporting.permissionNeedsSettings)
        // The profile reads the switch through the session.
        #expect(!rig.session.settings.reportingEnabled)
        await rig.session.reloadSettings()
        #expect(rig.session.settings.reportingEnabled)

        await reporting.wake()
        try await server.closeEpoch()
        await Self.walk(reporting, server, from: TidepoolRig.home, [0, 400, 600, 800, 1000, 1200, 1400])
        await Fixture.reportAtMoment(reporting, server)
        #expect(reporting.status.state == .on)
        #expect(try await Fixture.accepted(server) == 1)
    }

    @Test(
        "location refused at onboarding: the switch cannot prompt again and offers Settings; a grant there starts it"
    )
    func switchOnAfterRefusal() async throws {
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let rig = try TidepoolRig(server: server, permission: FakeLocationPermission(whenInUse: .denied))
        try await Self.onboard(rig, askLocation: true)
        #expect(!rig.session.settings.reportingEnabled)

        let reporting = Self.reporting(rig, seed: 22)
        await reporting.setReporting(true)
        #expect(await rig.permission.prompts == ["whenInUse"])
        #expect(reporting.status.state == .off(.noPermission))
        #expect(reporting.permissionNeedsSettings)
        #expect(reporting.isSharingOn)

        // Allowed in the Settings app: the location stream announces it.
        await reporting.handle(.permission(.always))
        #expect(!reporting.permissionNeedsSettings)
        #expect(reporting.status.state == .pausedAtHome)
    }

    @Test("Reset Home pauses reporting; a new Home picked in the profile resumes it and the guard follows it")
    func newHomeResumesReporting() async throws {
        let server = try await Fixture.server(dailyEpochs: 96)
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        #expect(rig.session.settings.reportingEnabled)
        let reporting = Self.reporting(rig, seed: 23)
        await reporting.handle(.permission(.always))
        let profile = rig.profile()
        #expect(profile.guardRadiusMeters == HomeGuard.Configuration().radiusMeters)

        await profile.resetHome()
        await reporting.reload()
        #expect(reporting.status.state == .off(.noHome))
        #expect(reporting.isSharingOn)

        let newHome = TidepoolRig.home.north(3_000)
        await profile.setHome(newHome)
        #expect(profile.error == nil)
        #expect(profile.home == newHome)
        let saved = try await FileTidepoolSettingsStore(url: rig.settingsFile).load()
        #expect(saved.home == newHome && saved.reportingEnabled && !saved.reportingPausedForHome)
        await reporting.reload()

        await reporting.wake()
        try await server.closeEpoch()
        // At the new Home (3 km from the old one): held back.
        await Self.walk(reporting, server, from: newHome, [0, 20, 40])
        #expect(reporting.status.state == .pausedAtHome)
        #expect(try await Fixture.reportRequests(server) == 0)
        await Self.walk(reporting, server, from: newHome, [400, 600, 800, 1000, 1200, 1400])
        await Fixture.reportAtMoment(reporting, server)
        #expect(reporting.status.state == .on)
        #expect(try await Fixture.accepted(server) == 1)
    }

    @Test("a switch turned off by hand stays off when a new Home is picked")
    func newHomeKeepsASwitchedOffChoice() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let reporting = Self.reporting(rig, seed: 24)
        await reporting.setReporting(false)
        let profile = rig.profile()
        await profile.resetHome()
        await profile.setHome(TidepoolRig.home.north(1_000))
        let saved = try await FileTidepoolSettingsStore(url: rig.settingsFile).load()
        #expect(saved.home != nil && !saved.reportingEnabled)
        await reporting.reload()
        #expect(reporting.status.state == .off(.switchedOff))
    }
}
