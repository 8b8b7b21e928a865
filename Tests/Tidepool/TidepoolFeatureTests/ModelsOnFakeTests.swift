import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolClient
import TidepoolClientFake
import TidepoolKit

@testable import TidepoolFeature

/// The app's models against the in-memory server (`TidepoolClientFake`): onboarding to the first
/// report, the day's cap, heat after an epoch, search with reasons, favourites through an offline
/// period, delete. The same stories against a real `loci serve` are `TidepoolEndToEndTests`.
@Suite("Tidepool models on the in-memory server")
@MainActor
struct ModelsOnFakeTests {
    /// Reporting on the rig's session, every eligible epoch taken.
    static func reporting(_ rig: FakeRig, seed: UInt64 = 11) -> ReportingModel {
        var configuration = ReportingModel.Configuration()
        configuration.reportProbability = 1
        return ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: FakeRig.codebook, interest: FixedInterestSource([1, 0, 0]),
            clock: FakeServerClock(server: rig.server), random: SeededGenerator(seed: seed),
            configuration: configuration)
    }

    /// Fixes every 30 s from the server's now, `meters` north of Home, the clock following.
    static func walk(_ model: ReportingModel, _ rig: FakeRig, _ meters: [Double]) async throws {
        let start = rig.server.now
        for (index, distance) in meters.enumerated() {
            let time = start + Int64(index) * 30
            try rig.server.setNow(time)
            await model.handle(
                .fix(LocationFix(coordinate: FakeRig.home.north(distance), time: Double(time))))
        }
    }

    @Test("onboard, walk out of the home guard: one anonymous report with a real token; nothing from Home")
    func onboardingToFirstReport() async throws {
        let rig = try FakeRig()
        try await rig.onboard()
        #expect(rig.session.isRegistered)
        let reporting = Self.reporting(rig)
        await reporting.handle(.permission(.always))

        try await Self.walk(reporting, rig, [0, 30, 60, 30, 0])
        #expect(reporting.status.state == .pausedAtHome)
        #expect(await !rig.client.calls.contains("report"))

        try await Self.walk(reporting, rig, [400, 600, 800, 1000, 1200, 1400])
        #expect(reporting.status.state == .on)
        #expect(rig.server.acceptedReports == 1)
        #expect(reporting.status.reportsSent == 1)
        #expect(reporting.status.lastProblem == nil)
    }

    @Test("after the day's cap the server says day_spent and reporting rests until the next UTC day")
    func daySpentRests() async throws {
        let rig = try FakeRig(dailyEpochCap: 1)
        try await rig.onboard()
        let reporting = Self.reporting(rig, seed: 3)
        await reporting.handle(.permission(.always))
        try await Self.walk(reporting, rig, [400, 600, 800, 1000, 1200, 1400])
        #expect(rig.server.acceptedReports == 1)

        // Relaunched in the next epoch of the same UTC day: the sampler starts afresh and asks
        // for a token; the server refuses (day_spent) once, and the model rests.
        try rig.server.closeEpoch()
        let relaunched = Self.reporting(rig, seed: 4)
        await relaunched.handle(.permission(.always))
        let before = await rig.client.calls.filter { $0 == "presenceToken" }.count
        try await Self.walk(relaunched, rig, [2000, 2000, 2000, 2000, 2000, 2000])
        #expect(relaunched.status.state == .doneForToday)
        #expect(relaunched.status.lastProblem == nil)
        try rig.server.closeEpoch()
        try await Self.walk(relaunched, rig, [2000, 2000, 2000, 2000, 2000, 2000])
        let after = await rig.client.calls.filter { $0 == "presenceToken" }.count
        #expect(after - before == 1)
        #expect(rig.server.acceptedReports == 1)
        #expect(relaunched.status.state == .doneForToday)
    }

    @Test("the map shows a closed epoch's heat over the reported tile, and the empty state before it")
    func mapHeat() async throws {
        let rig = try FakeRig()
        try await rig.onboard()
        let cafe = Coordinate(uncheckedLatitude: FakeRig.cafe.lat, longitude: FakeRig.cafe.lon)
        let tile = GridTiler.standard.tile(for: cafe)
        for _ in 0..<3 {
            let device = FakeTidepoolClient(server: rig.server)
            try await device.register(attestation: "walker", platform: .ios, keyID: nil, challenge: nil)
            try await PresenceReportSender(client: device).send(tile: tile, facet: nil)
        }
        let map = TidepoolMapModel(
            client: rig.session.client,
            settings: InMemoryTidepoolSettingsStore(TidepoolSettings(home: FakeRig.home)),
            interest: FixedInterestSource(nil), reporting: nil)
        let viewport = MapViewport(
            south: cafe.latitude - 0.005, west: cafe.longitude - 0.01, north: cafe.latitude + 0.005,
            east: cafe.longitude + 0.01)
        await map.show(viewport)
        #expect(map.tiles.isEmpty)
        #expect(map.emptyState?.suggestions.contains { $0.id == FakeRig.cafe.id } == true)

        try rig.server.closeEpoch()
        await map.show(viewport)
        #expect(map.tiles.map(\.id) == [tile.description])
        #expect(map.emptyState == nil)
    }

    @Test("a personalised search shows the server's reason; a details sheet saves a favourite")
    func searchAndFavourite() async throws {
        var configuration = InMemoryTidepoolServer.Configuration()
        configuration.interests = InMemoryTidepoolServer.sampleInterests
        let server = try InMemoryTidepoolServer(configuration: configuration)
        let client = FakeTidepoolClient(server: server)
        try await client.register(attestation: "t", platform: .ios, keyID: nil, challenge: nil)
        try await client.setProfile(tags: ["coffee"], vector: nil, integrations: nil)
        let search = SearchModel(client: client, clock: ManualTidepoolClock(start: 0))
        search.center = Coordinate(uncheckedLatitude: FakeRig.cafe.lat, longitude: FakeRig.cafe.lon)
        search.type("cafe")
        await search.submit()
        #expect(search.personalised)
        #expect(search.rows.first?.id == FakeRig.cafe.id)
        #expect(search.rows.first?.reason == "matches your interest in coffee")

        let detail = PlaceDetailModel(placeID: FakeRig.museum.id, client: client)
        await detail.load()
        #expect(detail.place?.id == FakeRig.museum.id)
        await detail.toggleFavourite()
        #expect(try await client.favourites().map(\.placeId) == [FakeRig.museum.id])
    }

    @Test(
        "a favourite made offline is shown pending, kept in the file, and sent once when the network is back")
    func favouritesSurviveOffline() async throws {
        let rig = try FakeRig()
        try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.client.addFavourite(placeID: FakeRig.cafe.id, rating: nil, note: nil)
        let profile = rig.profile()
        await profile.load()

        await rig.client.setOffline(true)
        let queued = try await rig.client.addFavourite(placeID: FakeRig.museum.id, rating: 4, note: nil)
        #expect(queued.waiting == 1)
        await profile.refreshFavourites()
        #expect(!profile.favouritesCurrent)
        #expect(profile.favourites.map(\.placeID) == [FakeRig.cafe.id, FakeRig.museum.id])
        #expect(profile.favourites.map(\.pending) == [false, true])
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().count == 1)

        await rig.client.setOffline(false)
        await profile.refreshFavourites()
        #expect(profile.favouritesCurrent)
        #expect(profile.favourites.allSatisfy { !$0.pending })
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().isEmpty)
        let credentials = try #require(await rig.credentials.load())
        #expect(credentials.deviceID == device)
        let onServer = try await rig.client.favourites()
        #expect(onServer.filter { $0.placeId == FakeRig.museum.id }.count == 1)
        #expect(onServer.first { $0.placeId == FakeRig.museum.id }?.rating == 4)
    }

    @Test("delete everything leaves nothing on the server and nothing on the phone")
    func deleteEverything() async throws {
        let rig = try FakeRig()
        try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.client.addFavourite(placeID: FakeRig.cafe.id, rating: nil, note: nil)
        await rig.client.setOffline(true)
        try await rig.client.addFavourite(placeID: FakeRig.museum.id, rating: nil, note: nil)
        await rig.client.setOffline(false)
        let profile = rig.profile()
        await profile.load()
        await profile.export()
        let file = try #require(profile.exportFile)
        #expect(rig.server.deviceIDs == [device])

        await profile.deleteEverything()
        #expect(profile.error == nil)
        #expect(profile.deleted)
        #expect(rig.server.deviceIDs.isEmpty)
        #expect(await rig.credentials.load() == nil)
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().isEmpty)
        #expect(try await FileTidepoolSettingsStore(url: rig.settingsFile).load() == TidepoolSettings())
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
