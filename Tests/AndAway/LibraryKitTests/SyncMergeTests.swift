import Foundation
import GeoKit
import LociTestSupport
import Testing

@testable import LibraryKit

@Suite("Per-field last-writer-wins merge")
struct SyncMergeTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    static func record(_ rng: inout SeededGenerator) -> BookmarkRecord {
        func stamp() -> Stamp {
            Stamp(
                counter: UInt64.random(in: 1...6, using: &rng),
                replica: ["A", "B", "C"].randomElement(using: &rng)!)
        }
        var stamps = BookmarkRecord.Stamps(all: stamp())
        stamps.position = stamp()
        stamps.note = stamp()
        stamps.tags = stamp()
        stamps.lists = stamp()
        // Values are a function of the stamp, as they are between honest replicas (one edit, one value).
        let bookmark = Bookmark(
            id: "b1", place: PlaceReference(provider: .local, id: "osm:node/1"), name: "name \(stamps.name)",
            coordinate: Coordinate(uncheckedLatitude: Double(stamps.position.counter), longitude: 24),
            note: "note \(stamps.note)", tags: ["t\(stamps.tags)"], lists: ["l\(stamps.lists.counter)"],
            created: created)
        return BookmarkRecord(bookmark: bookmark, stamps: stamps)
    }

    @Test("Merging is commutative, associative and idempotent over random versions")
    func lattice() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            let a = Self.record(&rng)
            let b = Self.record(&rng)
            let c = Self.record(&rng)
            #expect(a.merged(with: b) == b.merged(with: a))
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
            #expect(a.merged(with: a) == a)
        }
    }

    @Test("Each field takes the newer edit; equal counters go to the larger replica id")
    func perField() {
        let base = Bookmark(
            id: "b", place: PlaceReference(provider: .local, id: "osm:node/1"), name: "Cafe",
            created: Self.created)
        var mine = BookmarkRecord(bookmark: base, stamps: .init(all: Stamp(counter: 1, replica: "A")))
        var theirs = mine
        mine.bookmark.note = "mine"
        mine.stamps.note = Stamp(counter: 3, replica: "A")
        theirs.bookmark.note = "theirs"
        theirs.stamps.note = Stamp(counter: 3, replica: "B")
        theirs.bookmark.name = "Café"
        theirs.stamps.name = Stamp(counter: 2, replica: "B")
        mine.bookmark.tags = ["coffee"]
        mine.stamps.tags = Stamp(counter: 4, replica: "A")
        let merged = mine.merged(with: theirs)
        #expect(merged.bookmark.note == "theirs")  // 3@B beats 3@A
        #expect(merged.bookmark.name == "Café")
        #expect(merged.bookmark.tags == ["coffee"])
    }
}

@Suite("Stamps")
struct StampTests {
    @Test("A stamp reads back from its stored form; malformed forms are refused")
    func parsing() {
        let stamp = Stamp(counter: 42, replica: "phone-1")
        #expect(stamp.description == "42@phone-1")
        #expect(Stamp(Substring(stamp.description)) == stamp)
        for bad in ["", "@A", "12x@A", "5", "-1@A", "99999999999999999999@A"] { #expect(Stamp(Substring(bad)) == nil, "\(bad)") }
        #expect(Stamp(counter: 3, replica: "A") < Stamp(counter: 3, replica: "B"))
        #expect(Stamp(counter: 2, replica: "Z") < Stamp(counter: 3, replica: "A"))
    }
}
