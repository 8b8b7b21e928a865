import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import LibrarySync
import Testing

@Suite("One replica's sync rounds")
struct SynchronizerTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func store(_ id: String) throws -> LibraryStore {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(id)-\(UUID().uuidString).sqlite")
        return try LibraryStore(path: path.path, replicaID: id, now: { now })
    }

    static func bookmark(_ id: String) -> Bookmark {
        Bookmark(
            id: id, place: PlaceReference(provider: .custom, id: "pin:\(id)"), name: "Place \(id)", note: "n",
            created: now)
    }

    @Test("changes made offline go out on the first round back online; nothing is sent twice")
    func offlineThenOnline() async throws {
        let hub = InMemorySyncHub()
        let a = try Self.store("a")
        let b = try Self.store("b")
        let syncA = LibrarySynchronizer(store: a, transport: hub.transport(for: "a"))
        let syncB = LibrarySynchronizer(store: b, transport: hub.transport(for: "b"))
        hub.setOnline(false, replica: "a")
        try a.add(Self.bookmark("b1"))
        await #expect(throws: LibrarySyncError.offline(replica: "a")) { try await syncA.sync() }
        #expect(syncA.sentToken == .start)
        hub.setOnline(true, replica: "a")
        let report = try await syncA.sync()
        #expect(report.sentRecords == 1)
        #expect(hub.sentCount == 1)
        #expect(try await syncA.sync().sentRecords == 0)
        #expect(hub.sentCount == 1)
        try await syncB.sync()
        #expect(try b.bookmark(id: "b1")?.name == "Place b1")
    }

    @Test("a set the library refuses is not acknowledged, so it is fetched again")
    func refusedSetStays() async throws {
        let hub = InMemorySyncHub()
        let b = try Self.store("b")
        var bad = ChangeSet(token: ChangeToken(sequence: 1))
        var record = BookmarkRecord(bookmark: Self.bookmark("x"), stamps: .init(all: Stamp(counter: 1, replica: "a")))
        record.bookmark.note = String(repeating: "n", count: 10_001)
        bad.bookmarks = [record]
        try await hub.transport(for: "a").send(bad)
        let syncB = LibrarySynchronizer(store: b, transport: hub.transport(for: "b"))
        await #expect(throws: LibrarySyncError.self) { try await syncB.sync() }
        let again = try await hub.transport(for: "b").fetch()
        #expect(again.changeSets.count == 1)
    }

    @Test("an envelope round-trips, and bytes that are not one are refused")
    func envelope() throws {
        let changes = ChangeSet(
            bookmarks: [BookmarkRecord(bookmark: Self.bookmark("e1"), stamps: .init(all: Stamp(counter: 3, replica: "a")))],
            tombstones: [Tombstone(kind: .list, id: "l1", stamp: Stamp(counter: 2, replica: "a"))],
            token: ChangeToken(sequence: 7))
        let envelope = SyncEnvelope(replica: "a", changes: changes)
        #expect(envelope.recordName == "a-7")
        let data = try envelope.encoded()
        #expect(try SyncEnvelope(data: data) == envelope)
        #expect(try envelope.encoded() == data)
        #expect(throws: LibrarySyncError.self) { try SyncEnvelope(data: Data("{}".utf8)) }
        let future = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        #expect(throws: LibrarySyncError.self) { try SyncEnvelope(data: Data(future.utf8)) }
    }
}
