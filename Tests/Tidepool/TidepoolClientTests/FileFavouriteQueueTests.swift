import Foundation
import Testing
import TidepoolTestServer

@testable import TidepoolClient

/// The favourites queue on disk: survives the process, refuses a damaged file rather than
/// dropping what it holds.
@Suite("Tidepool client: favourites queue in a file")
struct FileFavouriteQueueTests {
    static func file() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidepool-queue-\(UUID().uuidString)")
        return folder.appendingPathComponent("nested/favourites-queue.json")
    }

    @Test("changes are kept in order and read back by a new queue on the same file")
    func roundTrip() async throws {
        let url = try Self.file()
        let queue = FileFavouriteQueue(url: url)
        #expect(try await queue.pending().isEmpty)
        try await queue.append(.add(placeID: "osm:node/1", rating: 5, note: "window seat"))
        try await queue.append(.remove(favouriteID: "f-9"))
        try await queue.append(.add(placeID: "osm:node/2", rating: nil, note: nil))
        let reopened = FileFavouriteQueue(url: url)
        #expect(
            try await reopened.pending() == [
                .add(placeID: "osm:node/1", rating: 5, note: "window seat"), .remove(favouriteID: "f-9"),
                .add(placeID: "osm:node/2", rating: nil, note: nil),
            ])
        try await reopened.removeFirst()
        #expect(try await FileFavouriteQueue(url: url).pending().first == .remove(favouriteID: "f-9"))
        try await reopened.clear()
        #expect(try await FileFavouriteQueue(url: url).pending().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a damaged file is an error naming it; an append neither overwrites nor drops it")
    func damaged() async throws {
        let url = try Self.file()
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let damaged = Data("{\"version\":1,\"changes\":[{\"add\":".utf8)
        try damaged.write(to: url)
        let queue = FileFavouriteQueue(url: url)
        do {
            _ = try await queue.pending()
            Issue.record("a damaged queue was read")
        } catch {
            #expect(error.path == url.path && error.operation == .read)
        }
        await #expect(throws: FavouriteQueueError.self) {
            try await queue.append(.add(placeID: "osm:node/1", rating: nil, note: nil))
        }
        await #expect(throws: FavouriteQueueError.self) { try await queue.removeFirst() }
        #expect(try Data(contentsOf: url) == damaged)
    }

    @Test("a client whose process ended offline sends the queued favourite from the file next launch, once")
    func survivesRelaunch() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let url = try Self.file()
        let credentials = InMemoryCredentialStore()
        let transport = SwitchTransport()
        let first = TidepoolClient(
            serverURL: server.baseURL, credentials: credentials, favourites: FileFavouriteQueue(url: url),
            retry: .recorded(RecordedSleeps(), attempts: 1), transport: transport,
            anonymousTransport: transport)
        let device = try await first.register(attestation: "test-device", platform: .ios)
        transport.mode = .offline
        let queued = try await first.addFavourite(placeID: ClientTestServer.cafe.id, rating: 3)
        #expect(queued.waiting == 1)
        #expect(try await server.store.favourites(deviceID: device).isEmpty)

        // The next launch: a new client over the same file and credentials, online.
        let second = TidepoolClient(
            serverURL: server.baseURL, credentials: credentials, favourites: FileFavouriteQueue(url: url))
        let listed = try await second.favourites()
        #expect(listed.map(\.placeId) == [ClientTestServer.cafe.id])
        #expect(listed.first?.rating == 3)
        #expect(try await FileFavouriteQueue(url: url).pending().isEmpty)
        _ = try await second.syncFavourites()
        #expect(try await server.store.favourites(deviceID: device).count == 1)
    }
}
