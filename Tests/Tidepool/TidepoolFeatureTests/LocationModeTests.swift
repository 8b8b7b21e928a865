import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolClient
import TidepoolClientFake
import TidepoolKit

@testable import TidepoolFeature

/// The reporting model tells the location modes what TidepoolKit's `LocationPolicy` decides.
@Suite("Tidepool reporting: the location mode follows the policy")
@MainActor
struct LocationModeTests {
    @Test(
        "monitoring with the Home exit at Home; live while moving with a report due; back-off when still; best on the map"
    )
    func modesFollowThePolicy() async throws {
        let rig = try ModelsOnFakeTests.dayRig()
        try await rig.onboard()
        let modes = RecordingLocationModes()
        let reporting = ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: FakeRig.codebook, interest: FixedInterestSource([1, 0, 0]),
            clock: FakeServerClock(server: rig.server), random: SeededGenerator(seed: 5), locationModes: modes)
        await reporting.handle(.permission(.always))
        await reporting.wake()
        let token = try #require(reporting.wallet.tokens.first)
        let epochStart = Int64(token.epoch * 14_400)
        let moment = Int64(token.moment.rounded(.up))
        // The seed puts the moment late enough in its 4-hour epoch for the walk below.
        try #require(moment - epochStart > 1_000)

        // At Home in the token's epoch, before its moment's lead: hidden, so monitoring with the exit region.
        let start = moment - 900
        try await ModelsOnFakeTests.fix(reporting, rig, 0, at: start)
        try await ModelsOnFakeTests.fix(reporting, rig, 10, at: start + 300)
        let exit = LocationMode.monitoring(homeExit: HomeExitRegion(center: FakeRig.home, radiusMeters: 167.64))
        #expect(reporting.locationMode == exit)

        // Walking away with the epoch's report due: live (best near Home, a hundred metres far off).
        try await ModelsOnFakeTests.fix(reporting, rig, 400, at: start + 330)
        #expect(reporting.locationMode?.isLive == true)
        try await ModelsOnFakeTests.fix(reporting, rig, 2_000, at: start + 360)
        try await ModelsOnFakeTests.fix(reporting, rig, 2_100, at: start + 390)
        #expect(reporting.locationMode?.isLive == true)

        // The report goes out at its moment; with no other token this epoch, standing still
        // past the back-off ends the live updates.
        // Still for longer than the back-off before the moment: monitoring, until the lead.
        try await ModelsOnFakeTests.fix(reporting, rig, 2_105, at: moment - 300)
        #expect(reporting.locationMode == .monitoring(homeExit: nil))
        try rig.server.setNow(moment - 100)
        await reporting.wake()
        // The rig's fixes are taken in the foreground: best accuracy (a hundred metres is for the background).
        #expect(reporting.locationMode == .liveUpdates(.best))
        try await ModelsOnFakeTests.fix(reporting, rig, 2_100, at: moment)
        #expect(reporting.status.reportsSent == 1)
        try await ModelsOnFakeTests.fix(reporting, rig, 2_105, at: moment + 30)
        let next = try #require(reporting.wallet.tokens.map(\.moment).min())
        #expect(next - 120 > Double(moment + 30))
        #expect(reporting.locationMode == .monitoring(homeExit: nil))

        // The map on screen: live at best accuracy.
        await reporting.setMapOnScreen(true)
        #expect(reporting.locationMode == .liveUpdates(.best))
        #expect(await modes.current == .liveUpdates(.best))
        #expect(await modes.modes.count >= 3)
    }

    @Test("without location modes the model decides nothing (the app's service stays as started)")
    func noModes() async throws {
        let rig = try ModelsOnFakeTests.dayRig()
        try await rig.onboard()
        let reporting = ModelsOnFakeTests.reporting(rig)
        await reporting.handle(.permission(.always))
        try await ModelsOnFakeTests.fix(reporting, rig, 2_000, at: rig.server.now)
        #expect(reporting.locationMode == nil)
    }
}
