import Foundation
import Testing
import TidepoolTestServer

@testable import TidepoolClient

/// Favourites made offline wait in the queue and reach the server later, in order, once.
@Suite("Tidepool client: favourites offline queue")
struct FavouriteQueueTests {
    static func client(
        _ server: ClientTestServer, _ transport: SwitchTransport, queue: InMemoryFavouriteQueue
    )
        -> TidepoolClient
    {
        TidepoolClient(
            serverURL: server.baseURL, credentials: InMemoryCredentialStore(), favourites: queue,
            retry: .recorded(RecordedSleeps(), attempts: 2), transport: transport,
            anonymousTransport: transport)
    }

    /// The favourites the server holds for the device, read past the client.
    static func onServer(_ server: ClientTestServer, _ client: TidepoolClient) async throws -> [String] {
        let device = try #require(try await client.credentials()).deviceID
        return try await server.store.favourites(deviceID: device).map(\.placeID)
    }

    @Test("offline → queued → online → sent in order; nothing lost or duplicated")
    func offlineThenOnline() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let transport = SwitchTransport()
        let queue = InMemoryFavouriteQueue()
        let client = Self.client(server, transport, queue: queue)
        try await client.register(attestation: "test-device", platform: .ios)
        let first = try await client.addFavourite(placeID: ClientTestServer.cafe.id)
        let cafe = try #require(first.saved.first)
        #expect(first.waiting == 0)

        transport.mode = .offline
        let queued = try await client.addFavourite(placeID: ClientTestServer.museum.id, rating: 4)
        #expect(queued.sent.isEmpty && queued.waiting == 1)
        try await client.removeFavourite(id: cafe.id)
        try await client.addFavourite(placeID: "osm:node/4", note: "cake")
        #expect(
            await queue.pending() == [
                .add(placeID: ClientTestServer.museum.id, rating: 4, note: nil),
                .remove(favouriteID: cafe.id),
                .add(placeID: "osm:node/4", rating: nil, note: "cake"),
            ])
        await #expect(throws: TidepoolClientError.self) { try await client.favourites() }
        #expect(try await Self.onServer(server, client) == [ClientTestServer.cafe.id])

        transport.mode = .online
        let sync = try await client.syncFavourites()
        #expect(sync.sent.count == 3)
        #expect(sync.saved.map(\.placeId) == [ClientTestServer.museum.id, "osm:node/4"])
        #expect(sync.refused.isEmpty && sync.waiting == 0)
        #expect(await queue.pending().isEmpty)
        let listed = try await client.favourites()
        #expect(Set(listed.map(\.placeId)) == [ClientTestServer.museum.id, "osm:node/4"])
        #expect(listed.first { $0.placeId == ClientTestServer.museum.id }?.rating == 4)
        #expect(
            try await Self.onServer(server, client).sorted()
                == [ClientTestServer.museum.id, "osm:node/4"].sorted())
        // A second sync sends nothing.
        let again = try await client.syncFavourites()
        #expect(again.sent.isEmpty)
    }

    @Test("a favourite saved and rated offline reaches the server saved, then rated; a saved one keeps its id, note and date")
    func ratingOffline() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let transport = SwitchTransport()
        let queue = InMemoryFavouriteQueue()
        let client = Self.client(server, transport, queue: queue)
        try await client.register(attestation: "test-device", platform: .ios)
        let device = try #require(try await client.credentials()).deviceID
        let cafe = try #require(try await client.addFavourite(placeID: ClientTestServer.cafe.id, note: "window seat").saved.first)

        transport.mode = .offline
        try await client.addFavourite(placeID: ClientTestServer.museum.id, rating: 2)
        try await client.rateFavourite(placeID: ClientTestServer.museum.id, rating: 5)
        try await client.rateFavourite(placeID: ClientTestServer.cafe.id, rating: 4)
        #expect(
            await queue.pending() == [
                .add(placeID: ClientTestServer.museum.id, rating: 2, note: nil),
                .rate(placeID: ClientTestServer.museum.id, rating: 5),
                .rate(placeID: ClientTestServer.cafe.id, rating: 4),
            ])

        transport.mode = .online
        let sync = try await client.syncFavourites()
        #expect(sync.sent.count == 3 && sync.refused.isEmpty && sync.waiting == 0)
        let stored = try await server.store.favourites(deviceID: device)
        let museum = try #require(stored.first { $0.placeID == ClientTestServer.museum.id })
        #expect(museum.rating == 5)
        let rated = try #require(stored.first { $0.placeID == ClientTestServer.cafe.id })
        #expect(rated.rating == 4)
        #expect(rated.id == cafe.id && rated.note == "window seat" && rated.createdAt == Int64(cafe.createdAt))
        #expect(stored.count == 2)

        // Rating a place that is no favourite (removed since) counts as done and stores nothing.
        let gone = try await client.rateFavourite(placeID: "osm:node/4", rating: 3)
        #expect(gone.refused.isEmpty && gone.waiting == 0)
        #expect(try await server.store.favourites(deviceID: device).count == 2)
    }

    @Test(
        "a save whose answer was lost is sent again, not duplicated; a refused change is dropped, reported"
    )
    func lostAnswerAndRefusal() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let transport = SwitchTransport()
        let queue = InMemoryFavouriteQueue()
        let client = Self.client(server, transport, queue: queue)
        try await client.register(attestation: "test-device", platform: .ios)
        // The save reaches the server, its answer does not; the retry is answered 409 (already
        // saved), so the change counts as sent once.
        transport.mode = .answerLost
        let lost = try await client.addFavourite(placeID: ClientTestServer.cafe.id)
        #expect(lost.sent.count == 1 && lost.waiting == 0)
        #expect(try await Self.onServer(server, client) == [ClientTestServer.cafe.id])
        // A place the server does not know: refused (404), dropped, the next change still sent.
        try await queue.append(.add(placeID: "osm:node/999", rating: nil, note: nil))
        let sync = try await client.addFavourite(placeID: ClientTestServer.museum.id)
        #expect(sync.refused.map(\.change) == [.add(placeID: "osm:node/999", rating: nil, note: nil)])
        #expect(sync.refused.first?.error.code == "not_found")
        #expect(sync.saved.map(\.placeId) == [ClientTestServer.museum.id])
        #expect(await queue.pending().isEmpty)
        #expect(
            try await Self.onServer(server, client).sorted()
                == [ClientTestServer.cafe.id, ClientTestServer.museum.id].sorted())
    }
}
