import Foundation
import GeoKit
import LociLocalization
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
    /// Reporting on the rig's session.
    static func reporting(
        _ rig: FakeRig, seed: UInt64 = 11, tokens: any TokenWalletStore = InMemoryTokenWalletStore()
    ) -> ReportingModel {
        ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: FakeRig.codebook, interest: FixedInterestSource([1, 0, 0]),
            clock: FakeServerClock(server: rig.server), random: SeededGenerator(seed: seed), tokens: tokens)
    }

    /// A rig with 4-hour epochs (6 a day), a cap of 3, keys published 8 epochs ahead, its clock at
    /// the start of a UTC day: nothing here assumes 15-minute epochs.
    static func dayRig(cap: Int = 3) throws -> FakeRig {
        try FakeRig(dailyEpochCap: cap, epochSeconds: 14_400, keyAheadEpochs: 8, now: 20_000 * 86_400 + 10)
    }

    /// One fix `meters` north of Home at `time` (the server's clock moved there first).
    static func fix(_ model: ReportingModel, _ rig: FakeRig, _ meters: Double, at time: Int64) async throws {
        try rig.server.setNow(time)
        await model.handle(.fix(LocationFix(coordinate: FakeRig.home.north(meters), time: Double(time))))
    }

    /// Fixes every 30 s from the server's now, `meters` north of Home, the clock following.
    static func walk(_ model: ReportingModel, _ rig: FakeRig, _ meters: [Double]) async throws {
        let start = rig.server.now
        for (index, distance) in meters.enumerated() {
            try await fix(model, rig, distance, at: start + Int64(index) * 30)
        }
    }

    static func batchCalls(_ rig: FakeRig) async -> Int {
        await rig.client.calls.filter { $0 == "presenceTokens" || $0 == "presenceToken" }.count
    }

    @Test(
        "location events never fetch tokens; the day's batch comes in one call, at the first wake after the plan's time, once a day"
    )
    func batchOncePerDay() async throws {
        let rig = try Self.dayRig()
        try await rig.onboard()
        let reporting = Self.reporting(rig)
        await reporting.handle(.permission(.always))
        // Away from Home, fix after fix: no token is asked for.
        try await Self.walk(reporting, rig, [400, 600, 800, 1000, 1200, 1400])
        #expect(await Self.batchCalls(rig) == 0)

        var fetchAt: [Int64: Double] = [:]
        var fetches: [(time: Int64, calls: Int)] = []
        let start = rig.server.now
        for hour in 0..<(3 * 24) {
            let time = start + Int64(hour) * 3_600
            let before = await Self.batchCalls(rig)
            try await Self.fix(reporting, rig, 2_000, at: time)
            #expect(await Self.batchCalls(rig) == before, "a fix at hour \(hour) asked for tokens")
            try rig.server.setNow(time + 60)
            await reporting.wake()
            for day in reporting.wallet.days { fetchAt[day.firstEpoch] = day.fetchAt }
            let after = await Self.batchCalls(rig)
            if after > before { fetches.append((time + 60, after - before)) }
        }
        // Days 0, 1, 2 and 3 (day 3's batch is due in day 2's last hours): one call each.
        let log = rig.server.issuanceLog
        #expect(fetches.count == 4, "\(fetches) \(log) \(reporting.status)")
        #expect(fetches.allSatisfy { $0.calls == 1 })
        #expect(log.count == 4)
        for record in log {
            let day = try #require(record.epochs.min()) / 6 * 6
            let due = try #require(fetchAt[day])
            // Fetched at the first hourly wake at or after the plan's time (day 0's was due
            // before the clock started).
            #expect(Double(record.time) >= due)
            #expect(Double(record.time) < max(due, Double(start)) + 3_600 + 60)
            #expect(record.epochs.count <= 3)
        }
        #expect(reporting.status.lastProblem == nil)
    }

    @Test(
        "each report goes out at its token's planned moment with the epoch's last tile; a planned epoch spent at Home sends nothing and its token is dropped"
    )
    func reportsAtPlannedMoments() async throws {
        let rig = try Self.dayRig()
        try await rig.onboard()
        let reporting = Self.reporting(rig, seed: 5)
        await reporting.handle(.permission(.always))
        await reporting.wake()
        let held = reporting.wallet.tokens
        try #require(held.count >= 2)
        #expect(reporting.status.tokensHeld == held.count)
        let (atHome, away) = (held[held.count - 1], held.dropLast())
        for token in away {
            let moment = Int64(token.moment.rounded(.up))
            let accepted = rig.server.acceptedReports
            // Fixes away before the moment (the guard lets the third through): nothing yet.
            let walkStart = max(rig.server.now, moment - 600)
            for step in 0..<3 { try await Self.fix(reporting, rig, 2_000, at: walkStart + Int64(step) * 30) }
            #expect(rig.server.acceptedReports == accepted)
            try rig.server.setNow(moment)
            await reporting.wake()
            #expect(rig.server.acceptedReports == accepted + 1)
            let sent = try #require(reporting.status.lastReportAt)
            #expect(sent >= token.moment && sent < token.moment + 1)
        }
        // The last planned epoch: the phone comes home before its moment and stays.
        let moment = Int64(atHome.moment.rounded(.up))
        try rig.server.setNow(max(rig.server.now, moment - 900))
        for step in 0..<8 { try await Self.fix(reporting, rig, 0, at: rig.server.now + Int64(step) * 30) }
        try rig.server.setNow(moment + 60)
        await reporting.wake()
        let accepted = rig.server.acceptedReports
        #expect(accepted == away.count)
        #expect(reporting.wallet.tokens.contains { $0.epoch == atHome.epoch })
        try rig.server.setNow((atHome.epoch + 1) * 14_400 + 1)
        await reporting.wake()
        #expect(!reporting.wallet.tokens.contains { $0.epoch == atHome.epoch })
        #expect(rig.server.acceptedReports == accepted)
    }

    @Test("the day's tokens survive a relaunch: the new model sends with them and asks for none")
    func tokensSurviveRelaunch() async throws {
        let rig = try Self.dayRig()
        try await rig.onboard()
        let wallet = FileTokenWalletStore(url: rig.folder.appendingPathComponent("tokens.json"))
        let first = Self.reporting(rig, seed: 8, tokens: wallet)
        await first.handle(.permission(.always))
        await first.wake()
        let held = first.wallet.tokens
        try #require(!held.isEmpty)
        #expect(await Self.batchCalls(rig) == 1)

        let relaunched = Self.reporting(
            rig, seed: 9, tokens: FileTokenWalletStore(url: rig.folder.appendingPathComponent("tokens.json")))
        await relaunched.handle(.permission(.always))
        await relaunched.wake()
        #expect(relaunched.wallet.tokens == held)
        #expect(await Self.batchCalls(rig) == 1)
        let token = held[0]
        let walkStart = max(rig.server.now, Int64(token.moment) - 600)
        for step in 0..<3 { try await Self.fix(relaunched, rig, 2_000, at: walkStart + Int64(step) * 30) }
        try rig.server.setNow(Int64(token.moment.rounded(.up)))
        await relaunched.wake()
        #expect(rig.server.acceptedReports == 1)
        #expect(relaunched.status.lastProblem == nil)
    }

    @Test("offline at start: the first wake with the network reads the server's cap and fetches the batch")
    func offlineAtStart() async throws {
        let rig = try Self.dayRig()
        try await rig.onboard()
        await rig.client.setOffline(true)
        let reporting = Self.reporting(rig)
        await reporting.handle(.permission(.always))
        await reporting.wake()
        #expect(reporting.status.tokensHeld == 0)
        await rig.client.setOffline(false)
        try rig.server.setNow(rig.server.now + 60)
        await reporting.wake()
        #expect(await Self.batchCalls(rig) == 1)
        #expect(reporting.status.tokensHeld == reporting.wallet.tokens.count)
        #expect(reporting.wallet.days.count == 2)
    }

    @Test(
        "a batch the server refuses (the App Attest key's cap is held) is not asked again that day, and the state says why"
    )
    func refusedBatch() async throws {
        let rig = try Self.dayRig(cap: 1)
        try await rig.onboard()
        // The device's key took its one token of the coming day's worth of epochs elsewhere
        // (an earlier install whose wallet is gone).
        let current = rig.server.currentEpoch
        _ = try await rig.client.presenceTokens(for: [current + 1])
        // A seed whose plan for today (the model's first draw) takes an epoch after the current
        // one: the current epoch's token is never fetched, so only such a plan asks at all.
        let schedule = try EpochSchedule(lengthSeconds: 14_400)
        let seed = try #require(
            (UInt64(1)...64).first { seed in
                var random = SeededGenerator(seed: seed)
                let plan = DailyTokenPlan.make(
                    firstEpoch: current / 6 * 6, cap: 1, windowEpochs: 6, schedule: schedule, using: &random)
                return plan.epochs.contains { $0 > current }
            })
        let reporting = Self.reporting(rig, seed: seed)
        await reporting.handle(.permission(.always))
        try await Self.walk(reporting, rig, [400, 600, 800, 1000, 1200, 1400])
        await reporting.wake()
        #expect(reporting.status.state == .doneForToday)
        let problem = try #require(reporting.status.lastProblem)
        #expect(problem.contains("refused"))
        #expect(reporting.wallet.tokens.isEmpty)
        let calls = await Self.batchCalls(rig)
        try rig.server.setNow(rig.server.now + 3_600)
        await reporting.wake()
        #expect(await Self.batchCalls(rig) == calls)
        #expect(rig.server.acceptedReports == 0)
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
        // The café's heat in words, for its row and sheet; nowhere else in view has any.
        #expect(map.heatDescription(at: cafe, in: .english) == "very busy, about 3 people, not much like you")
        #expect(
            map.heatDescription(at: cafe, in: .finnish)
                == "hyvin vilkas, noin 3 ihmistä, vain vähän samankaltaisia kuin sinä")
        #expect(map.heatDescription(at: cafe.north(2_000), in: .english) == nil)
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
