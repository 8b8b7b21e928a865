import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import LockedState
import Testing

/// A fresh store in a temporary folder.
func temporaryStore(
    _ replica: String = "A",
    now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_365_662) }
)
    throws -> LibraryStore
{
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try LibraryStore(
        path: folder.appendingPathComponent("library.sqlite").path, replicaID: replica, now: now)
}

let created = Date(timeIntervalSince1970: 1_795_365_000)

func cafe(_ id: String, name: String = "Cafe Regatta", lists: [String] = [], tags: [String] = []) -> Bookmark
{
    Bookmark(
        id: id, place: PlaceReference(provider: .local, id: "osm:node/\(id.count)"), name: name,
        coordinate: Coordinate(uncheckedLatitude: 60.1833, longitude: 24.9125), note: "cinnamon buns",
        tags: tags, lists: lists,
        created: created)
}

@Suite("Library store")
struct LibraryStoreTests {
    @Test("Bookmarks, lists and tags are saved and found by list, tag and place")
    func basics() throws {
        let store = try temporaryStore()
        try store.createList(BookmarkList(id: "weekend", name: "Weekend Spots", created: created))
        try store.add(cafe("b1", lists: ["weekend"], tags: ["coffee"]))
        try store.add(cafe("b2", name: "Ateneum", tags: ["art"]))
        #expect(try store.bookmarks(inList: "weekend").map(\.id) == ["b1"])
        #expect(try store.bookmarks(taggedWith: "art").map(\.id) == ["b2"])
        #expect(try store.bookmarks(for: PlaceReference(provider: .local, id: "osm:node/2")).count == 2)
        #expect(try store.list(named: "weekend spots")?.id == "weekend")
        try store.updateBookmark(id: "b2") { $0.note = "Free on the first Wednesday" }
        #expect(try store.bookmark(id: "b2")?.note == "Free on the first Wednesday")
        try store.updateBookmark(id: "b1") { $0.tags = ["espresso"] }
        #expect(try store.bookmarks(taggedWith: "coffee").isEmpty)
        #expect(try store.bookmarks(taggedWith: "espresso").map(\.id) == ["b1"])
        #expect(try store.removeBookmark(id: "b1"))
        #expect(try store.bookmarks(inList: "weekend").isEmpty)
    }

    @Test("A bookmark naming a missing list, or a duplicate list name, is refused and nothing is written")
    func refusals() throws {
        let store = try temporaryStore()
        #expect(throws: LibraryError.self) { try store.add(cafe("b1", lists: ["nope"])) }
        #expect(try store.bookmarks().isEmpty)
        try store.createList(BookmarkList(id: "l1", name: "Food", created: created))
        #expect(throws: LibraryError.self) {
            try store.createList(BookmarkList(id: "l2", name: "FOOD", created: created))
        }
        #expect(try store.lists().count == 1)
    }

    @Test("An import with one bad record changes nothing")
    func importIsAllOrNothing() throws {
        let store = try temporaryStore()
        try store.add(cafe("keep"))
        var bad = cafe("b9")
        bad.note = String(repeating: "x", count: 20_000)
        let library = Library(bookmarks: [cafe("b1"), cafe("b2"), bad])
        #expect(throws: LibraryError.self) { _ = try store.importLibrary(library) }
        #expect(try store.library().bookmarks.map(\.id) == ["keep"])
    }

    @Test("Deleting a list keeps its bookmarks, outside it")
    func deleteList() throws {
        let store = try temporaryStore()
        try store.createList(BookmarkList(id: "l1", name: "Food", created: created))
        try store.add(cafe("b1", lists: ["l1"]))
        #expect(try store.deleteList(id: "l1"))
        #expect(try store.bookmark(id: "b1")?.lists == [])
        #expect(try store.library().bookmarks.count == 1)
    }

    @Test("Every read drops only the deleted list and keeps the other lists and the tags, byte for byte")
    func readsAfterListDeletion() throws {
        let store = try temporaryStore()
        for (id, name) in [("l1", "Food"), ("l2", "Art"), ("l3", "Later")] {
            try store.createList(BookmarkList(id: id, name: name, created: created))
        }
        // Stored sorted (``Bookmark/normalized()``): by code point, so "ä" (U+00E4) comes last.
        let tags = ["kahvila ☕", "x y", "ä"]
        try store.add(cafe("b1", name: "Zeta", lists: ["l3", "l2", "l1"], tags: tags))
        try store.add(cafe("b2", name: "Alpha", lists: ["l2"], tags: ["ä"]))
        try store.add(cafe("b3", name: "Mid", tags: ["ä"]))
        #expect(try store.deleteList(id: "l2"))
        #expect(try store.bookmark(id: "b1")?.lists == ["l1", "l3"])
        #expect(try store.bookmark(id: "b1")?.tags == tags)
        #expect(try store.bookmarks(taggedWith: "ä").map(\.id) == ["b2", "b3", "b1"])
        #expect(try store.bookmarks(taggedWith: "ä").map(\.lists) == [[], [], ["l1", "l3"]])
        #expect(try store.bookmarks(inList: "l1").map(\.lists) == [["l1", "l3"]])
        #expect(try store.library().bookmarks.map(\.lists) == [["l1", "l3"], [], []])
        #expect(try store.bookmarks(taggedWith: "kahvila ☕").first?.note == "cinnamon buns")
    }

    @Test("Google coordinates older than 30 days are removed when the store opens")
    func googlePurge() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("library.sqlite").path
        let day0 = Date(timeIntervalSince1970: 1_795_365_662)
        let store = try LibraryStore(path: path, replicaID: "A", now: { day0 })
        try store.add(
            Bookmark(
                id: "g", place: PlaceReference(provider: .google, id: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
                name: "Sydney Opera House",
                coordinate: Coordinate(uncheckedLatitude: -33.8568, longitude: 151.2153),
                coordinateSavedAt: day0, created: day0))
        let day29 = try LibraryStore(
            path: path, replicaID: "A", now: { day0.addingTimeInterval(29 * 86_400) })
        #expect(try day29.bookmark(id: "g")?.coordinate != nil)
        let day31 = try LibraryStore(
            path: path, replicaID: "A", now: { day0.addingTimeInterval(31 * 86_400) })
        let kept = try #require(try day31.bookmark(id: "g"))
        #expect(kept.coordinate == nil)
        #expect(kept.place.id == "ChIJN1t_tDeuEmsRUsoyG83frY4")
    }

    @Test("Search history comes back newest first; preferences default to the seed's weights")
    func historyAndPreferences() throws {
        let store = try temporaryStore()
        for (index, query) in ["coffee", "sauna", "Ateneum"].enumerated() {
            try store.recordSearch(
                SearchHistoryEntry(
                    id: "s\(index)", query: query, kind: index == 2 ? .name : .category,
                    at: created + Double(index)))
        }
        #expect(try store.history(limit: 2).map(\.query) == ["Ateneum", "sauna"])
        #expect(try store.preferences().nameQuery.distance == 0.25)
        var preferences = Preferences()
        preferences.categoryQuery = ScoringWeights(
            distance: 0.5, popularity: 0.1, queryRelevance: 0.1, categoryMatch: 0.2, businessStatus: 0.05,
            dataCompleteness: 0.05)
        try store.setPreferences(preferences)
        #expect(try store.preferences() == preferences)
    }
}

@Suite("Library store shared by two connections")
struct LibraryStoreSharingTests {
    @Test("two stores on one file (two loci commands, the app and an extension) write at once without 'database is locked'")
    func concurrentWriters() throws {
        let first = try temporaryStore()
        let second = try LibraryStore(path: first.path, replicaID: "A", now: { Date(timeIntervalSince1970: 1_795_365_662) })
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let store = index.isMultiple(of: 2) ? first : second
            do { try store.add(cafe("b\(index)", name: "Place \(index)")) } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try first.bookmarks().count == 40)
    }
}
