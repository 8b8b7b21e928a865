import Foundation
import GeoKit
import Testing

@testable import PlaceKit

@Suite("Building type, year and wikidata from OSM tags")
struct BuildingDetailsTests {
    let square = [
        Coordinate(uncheckedLatitude: 60.17, longitude: 24.94),
        Coordinate(uncheckedLatitude: 60.17, longitude: 24.941),
        Coordinate(uncheckedLatitude: 60.171, longitude: 24.941),
        Coordinate(uncheckedLatitude: 60.171, longitude: 24.94),
    ]

    func building(_ tags: [String: String]) -> Building? {
        Building.fromOSM(type: .way, id: 1, footprint: square, tags: tags)
    }

    @Test(
        "building values become kinds; yes, lists, markup and oversized values do not",
        arguments: [
            ("apartments", "apartments"), (" Church ", "church"), ("semidetached_house", "semidetached_house"),
            ("yes", nil), ("YES", nil), ("", nil), ("house;garage", nil), ("<script>", nil),
            ("tall building", nil), ("kirkko\u{E4}", nil), (String(repeating: "a", count: 65), nil),
        ] as [(String, String?)])
    func kinds(_ value: String, _ expected: String?) throws {
        let b = try #require(building(["building": value.isEmpty ? "yes" : value]))
        #expect(b.kind == (value.isEmpty ? nil : expected))
        #expect(Building.parseKind(value) == expected)
    }

    @Test(
        "only a plain leading four-digit year counts",
        arguments: [
            ("1890", 1890), ("1890-05", 1890), ("1890-05-17", 1890), (" 2009 ", 2009),
            ("~1890", nil), ("1890s", nil), ("C19", nil), ("before 1900", nil), ("1890..1900", nil),
            ("1890;1920", nil), ("189", nil), ("0999", nil), ("9999", nil), ("", nil), ("１８９０", nil),
        ] as [(String, Int?)])
    func years(_ value: String, _ expected: Int?) {
        #expect(Building.parseYear(value) == expected)
    }

    @Test("year falls back from start_date to building:start_date to construction_date")
    func yearFallback() throws {
        #expect(try #require(building(["building": "yes", "start_date": "1903", "construction_date": "1901"])).year == 1903)
        #expect(try #require(building(["building": "yes", "start_date": "~1890", "building:start_date": "1891"])).year == 1891)
        #expect(try #require(building(["building": "yes", "construction_date": "1920-03"])).year == 1920)
        #expect(try #require(building(["building": "yes", "start_date": "C19"])).year == nil)
    }

    @Test(
        "wikidata ids must be Q and digits",
        arguments: [
            ("Q5117997", "Q5117997"), (" Q42 ", "Q42"), ("q42", nil), ("Q", nil), ("Q0", nil), ("Q042", nil),
            ("Q42;Q43", nil), ("https://www.wikidata.org/wiki/Q42", nil), ("Q1234567890123", nil), ("Q4a", nil),
        ] as [(String, String?)])
    func wikidata(_ value: String, _ expected: String?) throws {
        #expect(Building.parseWikidataID(value) == expected)
        #expect(try #require(building(["building": "yes", "wikidata": value])).wikidataID == expected)
    }

    @Test("a building decoded from JSON written before these fields has them nil")
    func oldJSONDecodes() throws {
        let b = try #require(building(["building": "yes", "height": "10"]))
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(b)) as? [String: Any])
        object["kind"] = nil
        let decoded = try JSONDecoder().decode(Building.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded == b)
    }
}
