import Foundation
import InterestKit
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolTestServer

@Suite("Tidepool profile against loci serve on loopback")
@MainActor
struct ProfileModelTests {
    @Test("favourites survive the access token's hour: the next read refreshes the session and lists them")
    func favouritesSurviveRefresh() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        try await rig.session.client.addFavourite(placeID: ClientTestServer.cafe.id, rating: 5, note: nil)
        let before = try #require(await rig.credentials.load())

        server.clock.now += 3_700
        let profile = rig.profile()
        await profile.load()
        #expect(profile.error == nil)
        #expect(profile.favouritesCurrent)
        #expect(profile.favourites.map(\.placeID) == [ClientTestServer.cafe.id])
        #expect(profile.favourites.first?.rating == 5)
        #expect(Set(profile.interests.map(\.rawValue)) == ["activity:kayaking", "music:jazz"])
        let after = try #require(await rig.credentials.load())
        #expect(after.deviceID == before.deviceID)
        #expect(after.accessToken != before.accessToken)
        #expect(rig.transport.operations.contains("post/v1/auth/refresh"))
    }

    @Test(
        "a favourite made offline is shown pending, kept in the file, and sent once when the network is back")
    func favouritesSurviveOffline() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.session.client.addFavourite(placeID: ClientTestServer.cafe.id, rating: nil, note: nil)
        let profile = rig.profile()
        await profile.load()

        rig.transport.offline = true
        let queued = try await rig.session.client.addFavourite(placeID: ClientTestServer.museum.id, rating: 4, note: nil)
        #expect(queued.waiting == 1)
        await profile.refreshFavourites()
        #expect(!profile.favouritesCurrent)
        #expect(profile.favourites.map(\.placeID) == [ClientTestServer.cafe.id, ClientTestServer.museum.id])
        #expect(profile.favourites.map(\.pending) == [false, true])
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().count == 1)
        #expect(
            try await server.store.favourites(deviceID: device).map(\.placeID) == [ClientTestServer.cafe.id])

        rig.transport.offline = false
        await profile.refreshFavourites()
        #expect(profile.favouritesCurrent)
        #expect(profile.favourites.allSatisfy { !$0.pending })
        #expect(
            Set(profile.favourites.map(\.placeID)) == [ClientTestServer.cafe.id, ClientTestServer.museum.id])
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().isEmpty)
        let onServer = try await server.store.favourites(deviceID: device)
        #expect(onServer.filter { $0.placeID == ClientTestServer.museum.id }.count == 1)
        #expect(rig.transport.operations.filter { $0 == "post/v1/favourites" }.count == 2)
    }

    @Test(
        "delete everything leaves nothing on the server and nothing on the phone; the next launch is a first launch"
    )
    func deleteEverything() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.session.client.addFavourite(placeID: ClientTestServer.cafe.id, rating: nil, note: nil)
        rig.transport.offline = true
        try await rig.session.client.addFavourite(placeID: ClientTestServer.museum.id, rating: nil, note: nil)
        rig.transport.offline = false
        // The queued favourite goes out with the profile's first read.
        let profile = rig.profile()
        await profile.load()
        await profile.export()
        let file = try #require(profile.exportFile)
        let exported = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((exported["device"] as? [String: Any])?["device_id"] as? String == device)
        #expect((exported["favourites"] as? [[String: Any]])?.count == 2)
        #expect(exported["profile"] != nil)
        // One more made offline: the delete must drop it with the device, never send it.
        rig.transport.offline = true
        try await rig.session.client.addFavourite(placeID: "osm:node/4", rating: nil, note: nil)
        rig.transport.offline = false
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().count == 1)

        await profile.deleteEverything()
        #expect(profile.error == nil)
        #expect(profile.deleted)
        #expect(try await server.store.deviceSecretHash(deviceID: device) == nil)
        #expect(try await server.store.profile(deviceID: device) == nil)
        #expect(try await server.store.favourites(deviceID: device).isEmpty)
        #expect(await rig.credentials.load() == nil)
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().isEmpty)
        #expect(try await FileTidepoolSettingsStore(url: rig.settingsFile).load() == TidepoolSettings())
        #expect(!FileManager.default.fileExists(atPath: file.path))

        let relaunch = TidepoolSession(
            client: TidepoolClient(serverURL: server.baseURL, credentials: rig.credentials),
            attestation: FakeAttestationProvider(),
            settingsStore: FileTidepoolSettingsStore(url: rig.settingsFile))
        try await relaunch.start()
        #expect(relaunch.registration == .unregistered)
        #expect(!relaunch.settings.onboardingCompleted)
    }

    @Test("delete while offline clears nothing on the phone, so it can be tried again")
    func deleteOffline() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let profile = rig.profile()
        rig.transport.offline = true
        await profile.deleteEverything()
        #expect(profile.error?.isOffline == true)
        #expect(!profile.deleted)
        #expect(await rig.credentials.load() != nil)
        #expect(rig.session.settings.onboardingCompleted)
    }

    @Test("interests are edited on the server; Home is reset on the phone and reporting pauses")
    func editAndReset() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        let profile = rig.profile()
        await profile.load()
        await profile.toggle(try #require(InterestTag("music:jazz")))
        profile.searchInterests("cafe")
        await profile.toggle(try #require(profile.suggestions.first).tag)
        #expect(profile.error == nil)
        let stored = try #require(try await server.store.profile(deviceID: device))
        #expect(!stored.tags.contains("music:jazz"))
        #expect(stored.tags.contains("activity:kayaking"))
        #expect(stored.tags.count == 2)
        #expect(profile.interests.map(\.rawValue) == stored.tags)

        #expect(profile.home == TidepoolRig.home)
        await profile.resetHome()
        #expect(profile.home == nil)
        let saved = try await FileTidepoolSettingsStore(url: rig.settingsFile).load()
        #expect(saved.home == nil && !saved.reportingEnabled && saved.onboardingCompleted)
    }
}
