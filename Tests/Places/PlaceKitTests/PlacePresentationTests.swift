import Foundation
import GeoKit
import PlaceKit
import Testing

/// How a place is shown: the registry's name, symbol and colour for its category (fallbacks for an
/// unknown one) and open-now at the instant asked, in the place's zone.
@Suite("PlacePresentation")
struct PlacePresentationTests {
    static func place(category: String, hours: String?) throws -> Place {
        Place(
            id: try #require(PlaceID(rawValue: "osm:node/42")), name: "Café Regatta", category: category,
            coordinate: try Coordinate(latitude: 60.1828, longitude: 24.9101),
            openingHours: hours.map { OpeningHours($0) })
    }

    @Test("a known category takes the registry's name, symbol and colour; open-now follows the instant")
    func knownCategory() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        // Monday 2026-11-23 09:00 in Helsinki: open; 13:00: closed.
        let morning = Date(timeIntervalSince1970: 1_795_417_200)
        let cafe = try Self.place(category: "cafe", hours: "Mo-Fr 08:00-12:00")
        let definition = try #require(CategoryRegistry.standard.category(id: "cafe"))
        let open = PlacePresentation(cafe, at: morning, in: zone)
        #expect(open.categoryName == definition.displayName)
        #expect(open.symbol == definition.symbolName)
        #expect(open.color == definition.colorHex)
        #expect(open.openNow == true)
        #expect(PlacePresentation(cafe, at: morning.addingTimeInterval(4 * 3_600), in: zone).openNow == false)
        // The same instant read in another zone is another local time: 07:00 UTC reads as 07:00, closed.
        #expect(PlacePresentation(cafe, at: morning, in: try #require(TimeZone(identifier: "UTC"))).openNow == false)
    }

    @Test("an unknown category shows itself, a map pin and grey; no hours is unknown, not closed")
    func unknownCategory() throws {
        let shown = PlacePresentation(
            try Self.place(category: "no_such_category", hours: nil), at: Date(timeIntervalSince1970: 0),
            in: try #require(TimeZone(identifier: "UTC")))
        #expect(shown.categoryName == "no_such_category")
        #expect(shown.symbol == "mappin")
        #expect(shown.color == "#808080")
        #expect(shown.openNow == nil)
    }
}
