import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import LociTestSupport
import Testing

/// Two (or more) replicas and the tokens each holds for the others.
final class SyncHarness {
    let stores: [LibraryStore]
    var tokens: [String: ChangeToken] = [:]

    init(_ replicas: [String]) throws { stores = try replicas.map { try temporaryStore($0) } }

    /// `to` reads `from`'s changes since last time and applies them.
    func pull(_ to: Int, from: Int) throws {
        let key = "\(to)<\(from)"
        let changes = try stores[from].changes(since: tokens[key] ?? .start)
        try stores[to].apply(changes)
        tokens[key] = changes.token
    }

    /// Every pair exchanges changes, twice round, so everything reaches everyone.
    func syncAll() throws {
        for _ in 0..<2 {
            for a in stores.indices {
                for b in stores.indices where a != b { try pull(a, from: b) }
            }
        }
    }
}

@Suite("Library sync")
struct LibrarySyncTests {
    @Test("Two replicas editing offline converge: per-field last writer wins, concurrent fields both kept")
    func offlineEdits() throws {
        let sync = try SyncHarness(["phone", "mac"])
        let (phone, mac) = (sync.stores[0], sync.stores[1])
        try phone.createList(BookmarkList(id: "food", name: "Food", created: created))
        try phone.add(cafe("b1", lists: ["food"]))
        try sync.syncAll()
        #expect(try mac.bookmark(id: "b1")?.lists == ["food"])
        // Offline: the phone edits the note twice, the Mac renames and tags; both add a bookmark.
        try phone.updateBookmark(id: "b1") { $0.note = "go early" }
        try phone.updateBookmark(id: "b1") { $0.note = "go early, sit outside" }
        try mac.updateBookmark(id: "b1") { $0.name = "Regatta" }
        try mac.updateBookmark(id: "b1") { $0.tags = ["coffee"] }
        try phone.add(cafe("p1", name: "Phone's"))
        try mac.add(cafe("m1", name: "Mac's"))
        try sync.syncAll()
        let a = try phone.library()
        let b = try mac.library()
        #expect(a == b)
        let merged = try #require(a.bookmarks.first { $0.id == "b1" })
        #expect(merged.note == "go early, sit outside")
        #expect(merged.name == "Regatta")
        #expect(merged.tags == ["coffee"])
        #expect(a.bookmarks.map(\.id) == ["b1", "m1", "p1"])
    }

    @Test("The same field edited on both sides goes to the higher stamp on both replicas")
    func conflict() throws {
        let sync = try SyncHarness(["A", "B"])
        try sync.stores[0].add(cafe("b1"))
        try sync.syncAll()
        try sync.stores[0].updateBookmark(id: "b1") { $0.note = "from A" }  // clock 2@A
        try sync.stores[1].updateBookmark(id: "b1") { $0.note = "from B" }  // clock 2@B: same counter, B > A
        try sync.syncAll()
        #expect(try sync.stores[0].bookmark(id: "b1")?.note == "from B")
        #expect(try sync.stores[1].bookmark(id: "b1")?.note == "from B")
    }

    @Test("A delete wins over a concurrent edit on another replica")
    func deleteWins() throws {
        let sync = try SyncHarness(["A", "B"])
        try sync.stores[0].add(cafe("b1"))
        try sync.syncAll()
        try sync.stores[0].removeBookmark(id: "b1")
        try sync.stores[1].updateBookmark(id: "b1") { $0.note = "edited later" }
        try sync.stores[1].updateBookmark(id: "b1") { $0.name = "edited again" }
        try sync.syncAll()
        #expect(try sync.stores[0].bookmark(id: "b1") == nil)
        #expect(try sync.stores[1].bookmark(id: "b1") == nil)
    }

    @Test(
        "Random offline edits on three replicas, synced in random order, converge",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomized(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let sync = try SyncHarness(["r1", "r2", "r3"])
        try sync.stores[0].createList(BookmarkList(id: "l0", name: "List 0", created: created))
        try sync.syncAll()
        for round in 0..<6 {
            for (index, store) in sync.stores.enumerated() {
                for step in 0..<8 {
                    let id = "b\(Int.random(in: 0..<10, using: &rng))"
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: try? store.add(cafe(id, name: "made \(round)-\(index)-\(step)"))
                    case 1:
                        _ = try? store.updateBookmark(id: id) { $0.note = "note \(round)-\(index)-\(step)" }
                    case 2: _ = try? store.updateBookmark(id: id) { $0.tags = ["t\(step)"] }
                    case 3: _ = try? store.updateBookmark(id: id) { $0.lists = step % 2 == 0 ? ["l0"] : [] }
                    case 4: _ = try store.removeBookmark(id: id)
                    default: _ = try? store.updateBookmark(id: id) { $0.name = "renamed \(round)-\(index)" }
                    }
                }
            }
            // A partial, random exchange between rounds (some replicas stay offline).
            for _ in 0..<2 {
                let to = Int.random(in: 0..<3, using: &rng)
                let from = (to + Int.random(in: 1..<3, using: &rng)) % 3
                try sync.pull(to, from: from)
            }
        }
        try sync.syncAll()
        let first = try sync.stores[0].library()
        for store in sync.stores.dropFirst() { #expect(try store.library() == first) }
    }

    @Test("Applying the same change set twice changes nothing more")
    func idempotent() throws {
        let sync = try SyncHarness(["A", "B"])
        try sync.stores[0].add(cafe("b1"))
        let changes = try sync.stores[0].changes(since: .start)
        try sync.stores[1].apply(changes)
        let once = try sync.stores[1].library()
        try sync.stores[1].apply(changes)
        #expect(try sync.stores[1].library() == once)
        #expect(try sync.stores[0].changes(since: changes.token).bookmarks.isEmpty)
    }
}
