import Foundation
import LociServerStore
import ServerRepositories
import Testing

@Suite("SQLite server store")
struct SQLiteServerStoreTests {
    @Test("what was written is there after reopening the file")
    func reopen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("server.sqlite").path
        do {
            let store = try SQLiteServerStore(path: path)
            try await store.createDevice(DeviceRecord(id: "d", createdAt: 1))
            try await store.createFavourite(
                FavouriteRecord(
                    id: "f", deviceID: "d", placeID: "osm:way/5", rating: 2, note: "ok", createdAt: 4))
        }
        let reopened = try SQLiteServerStore(path: path)
        #expect(
            try await reopened.favourites(deviceID: "d")
                == [
                    FavouriteRecord(
                        id: "f", deviceID: "d", placeID: "osm:way/5", rating: 2, note: "ok", createdAt: 4)
                ])
    }

    @Test("a file that is not SQLite is a typed error naming the open")
    func notADatabase() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-bad-\(UUID().uuidString)"
        ).path
        try Data("this is not sqlite at all, just text that is long enough".utf8).write(
            to: URL(fileURLWithPath: path))
        #expect(throws: ServerStoreError.self) { _ = try SQLiteServerStore(path: path) }
    }
}
