import Foundation
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolTestServer

/// Favourites in the profile as a person reads and edits them: by the place's name, with a note
/// that can be written, refreshed by pulling; against `loci serve` on loopback.
@Suite("Tidepool profile: favourites by name, with notes")
@MainActor
struct FavouriteNotesTests {
    @Test(
        "favourites are listed by their places' names; a note written in the profile reaches the server, rating kept"
    )
    func namedWithNotes() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.session.client.addFavourite(placeID: ClientTestServer.cafe.id, rating: 4, note: nil)
        try await rig.session.client.addFavourite(placeID: ClientTestServer.museum.id, rating: nil, note: nil)
        let profile = rig.profile()
        await profile.load()
        // The server orders favourites saved in the same second by id: compare as a set.
        #expect(Set(profile.favourites.map(\.title)) == ["Cafe Regatta", "Ateneum"])

        let cafe = try #require(profile.favourites.first { $0.placeID == ClientTestServer.cafe.id })
        await profile.setNote("  The cinnamon buns  ", for: cafe)
        #expect(profile.error == nil)
        let stored = try await server.store.favourites(deviceID: device)
        #expect(stored.count == 2)
        let saved = try #require(stored.first { $0.placeID == ClientTestServer.cafe.id })
        #expect(saved.note == "The cinnamon buns")
        #expect(saved.rating == 4)
        let row = try #require(profile.favourites.first { $0.placeID == ClientTestServer.cafe.id })
        #expect(
            row.note == "The cinnamon buns" && row.rating == 4 && row.title == "Cafe Regatta" && !row.pending)

        await profile.setNote("", for: row)
        let cleared = try #require(
            try await server.store.favourites(deviceID: device).first {
                $0.placeID == ClientTestServer.cafe.id
            })
        #expect(cleared.note == nil && cleared.rating == 4)
    }

    @Test("a note over 500 characters, or on a favourite still waiting to be sent, is refused on the phone")
    func refusedNotes() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        try await rig.session.client.addFavourite(placeID: ClientTestServer.cafe.id, rating: 5, note: "first")
        let profile = rig.profile()
        await profile.load()
        let row = try #require(profile.favourites.first)
        await profile.setNote(String(repeating: "a", count: 501), for: row)
        #expect(profile.error?.description.contains("at most 500") == true)
        #expect(try await server.store.favourites(deviceID: device).first?.note == "first")

        rig.transport.offline = true
        try await rig.session.client.addFavourite(placeID: ClientTestServer.museum.id, rating: nil, note: nil)
        await profile.refreshFavourites()
        let waiting = try #require(profile.favourites.first { $0.pending })
        await profile.setNote("later", for: waiting)
        #expect(profile.error?.description.contains("waiting to be sent") == true)
        #expect(try await FileFavouriteQueue(url: rig.queueFile).pending().count == 1)
    }

    @Test("offline, a favourite whose name was never read shows its id; pulling to refresh online names it")
    func namesAfterRefresh() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        rig.transport.offline = true
        try await rig.session.client.addFavourite(placeID: ClientTestServer.museum.id, rating: 3, note: nil)
        let profile = rig.profile()
        await profile.refreshFavourites()
        #expect(profile.favourites.map(\.title) == [ClientTestServer.museum.id])
        #expect(!profile.favouritesCurrent)

        rig.transport.offline = false
        await profile.refreshFavourites()
        #expect(profile.favouritesCurrent)
        #expect(profile.favourites.map(\.title) == ["Ateneum"])
        #expect(profile.favourites.allSatisfy { !$0.pending })
    }
}
