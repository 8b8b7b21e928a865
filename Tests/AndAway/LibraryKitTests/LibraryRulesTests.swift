import Foundation
import GeoKit
import Testing

@testable import LibraryKit

@Suite("Library rules")
struct LibraryRulesTests {
    static let now = Date(timeIntervalSince1970: 1_795_365_662)

    func bookmark(_ change: (inout Bookmark) -> Void = { _ in }) -> Bookmark {
        var b = Bookmark(
            id: "b1", place: PlaceReference(provider: .local, id: "osm:node/1"), name: "Cafe",
            created: Self.now)
        change(&b)
        return b.normalized()
    }

    @Test("Bad values are refused naming the record and field")
    func refusals() {
        let cases: [(Bookmark, String)] = [
            (bookmark { $0.id = "has space" }, "bookmark 'has space' id"),
            (bookmark { $0.name = "  " }, "bookmark 'b1' name"),
            (bookmark { $0.name = "a\u{7}b" }, "bookmark 'b1' name"),
            (bookmark { $0.note = String(repeating: "x", count: 10_001) }, "bookmark 'b1' note"),
            (bookmark { $0.tags = ["a;b"] }, "bookmark 'b1' tags"),
            (
                bookmark {
                    $0.place = PlaceReference(provider: .google, id: "ChIJ")
                    $0.coordinate = Coordinate(uncheckedLatitude: 60, longitude: 24)
                }, "bookmark 'b1' coordinate"
            ),
        ]
        for (value, location) in cases {
            #expect(throws: LibraryError.self) { try LibraryRules.check(value) }
            do { try LibraryRules.check(value) } catch { #expect(error.location == location) }
        }
        #expect(throws: Never.self) { try LibraryRules.check(bookmark { $0.note = "two\nlines\twith tab" }) }
    }

    @Test("Normalising trims names, sorts tags, joins line ends and rounds to 7 decimals and milliseconds")
    func normalizing() {
        let b = bookmark {
            $0.name = " Cafe \r\n"
            $0.note = "a\r\nb\rc"
            $0.tags = ["z", " a", "z"]
            $0.coordinate = Coordinate(uncheckedLatitude: 60.123456789, longitude: 24.98765432)
            $0.created = Date(timeIntervalSince1970: 1.0004)
        }
        #expect(b.name == "Cafe")
        #expect(b.note == "a\nb\nc")
        #expect(b.tags == ["a", "z"])
        #expect(b.coordinate == Coordinate(uncheckedLatitude: 60.1234568, longitude: 24.9876543))
        #expect(b.created == Date(timeIntervalSince1970: 1))
    }

    @Test("Weights must be in 0…1 and sum to 1; the seed's defaults do")
    func weights() throws {
        try LibraryRules.check(.nameQueryDefault, "w")
        try LibraryRules.check(.categoryQueryDefault, "w")
        var bad = ScoringWeights.nameQueryDefault
        bad.distance = 0.5
        #expect(throws: LibraryError.self) { try LibraryRules.check(bad, "w") }
        #expect(ScoringWeights.nameQueryDefault.queryRelevance == 0.30)
    }

    @Test("Google coordinates older than 30 days are dropped, newer ones and local ones kept")
    func googleExpiry() {
        let here = Coordinate(uncheckedLatitude: 60, longitude: 24)
        func google(_ id: String, savedDaysAgo days: Double) -> Bookmark {
            Bookmark(
                id: id, place: PlaceReference(provider: .google, id: id), name: id, coordinate: here,
                coordinateSavedAt: Self.now.addingTimeInterval(-days * 86_400), created: Self.now)
        }
        let local = Bookmark(
            id: "l", place: PlaceReference(provider: .local, id: "osm:node/1"), name: "l", coordinate: here,
            created: .distantPast)
        let library = Library(bookmarks: [
            google("old", savedDaysAgo: 31), google("new", savedDaysAgo: 29), local,
        ])
        .removingExpiredCoordinates(now: Self.now)
        #expect(library.bookmarks.map { $0.coordinate != nil } == [false, true, true])
    }
}
