import Foundation
import GeoKit
import Testing

@testable import PlaceKit

@Suite("Place from OSM")
struct PlaceTests {
    let helsinki = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    @Test("a real-looking café keeps address, contacts, hours, names and wikidata")
    func cafe() throws {
        let tags = [
            "amenity": "cafe", "name": "Café Ekberg", "alt_name": "Ekberg;Ekbergin kahvila",
            "name:fi": "Kahvila Ekberg", "name:sv": "Café Ekberg", "old_name": " Ekberg ",
            "addr:street": "Bulevardi", "addr:housenumber": "9", "addr:postcode": "00120",
            "addr:city": "Helsinki", "addr:country": "fi", "contact:phone": "+358 9 6811 8660",
            "contact:website": "https://www.cafeekberg.fi",
            "opening_hours": "Mo-Fr 07:30-19:00; Sa 09:00-17:00",
            "wikidata": "Q11851573", "wikipedia": "fi:Café Ekberg",
        ]
        let place = try #require(Place.fromOSM(type: .node, id: 123, coordinate: helsinki, tags: tags))
        #expect(place.id.rawValue == "osm:node/123")
        #expect(place.id.provider == "osm")
        #expect(place.name == "Café Ekberg")
        #expect(place.category == "cafe")
        #expect(place.alternativeNames == ["Ekberg", "Ekbergin kahvila", "Kahvila Ekberg"])
        #expect(place.address?.formatted == "Bulevardi 9, 00120 Helsinki, FI")
        #expect(place.phone == "+358 9 6811 8660")
        #expect(place.website == "https://www.cafeekberg.fi")
        #expect(place.openingHours?.isParsed == true)
        #expect(place.wikidataID == "Q11851573")
        #expect(place.wikipedia == "fi:Café Ekberg")
        // 0.4 (wikidata) + 0.2 (wikipedia) + 0.4 × 6/8 (name, street, house number, phone,
        // website, opening_hours) = 0.9.
        #expect(abs(place.importance - 0.9) < 1e-12)
        #expect(place.tags == tags)
    }

    @Test(
        "US addresses put the number first",
        arguments: [
            (
                [
                    "addr:housenumber": "350", "addr:street": "5th Avenue", "addr:city": "New York",
                    "addr:state": "NY", "addr:postcode": "10118",
                ], "350 5th Avenue, New York, NY 10118"
            ),
            (
                [
                    "addr:housenumber": "12", "addr:street": "Avenue de la Costa", "addr:postcode": "98000",
                    "addr:city": "Monaco", "addr:country": "MC",
                ], "12 Avenue de la Costa, 98000 Monaco, MC"
            ),
            (["addr:street": "Mannerheimintie"], "Mannerheimintie"),
        ])
    func addressFormatting(tags: [String: String], expected: String) {
        #expect(PostalAddress(osmTags: tags)?.formatted == expected)
    }

    @Test(
        "wikidata ids are validated",
        arguments: [
            ("Q42", "Q42"), (" Q1757 ", "Q1757"), ("q42", nil), ("Q", nil), ("Q042", nil),
            ("Q42;Q43", nil), ("P31", nil), ("https://www.wikidata.org/wiki/Q42", nil),
        ] as [(String, String?)])
    func wikidata(value: String, expected: String?) {
        #expect(Place.validWikidataID(value) == expected)
    }

    @Test("website falls back to url and phone takes the first of several")
    func contactFallbacks() throws {
        let tags = [
            "shop": "books", "name": "Rosebud", "url": "http://rosebud.fi", "phone": "+358 1; +358 2",
        ]
        let place = try #require(Place.fromOSM(type: .way, id: 45, coordinate: helsinki, tags: tags))
        #expect(place.id.rawValue == "osm:way/45")
        #expect(place.website == "http://rosebud.fi")
        #expect(place.phone == "+358 1")
        #expect(place.address == nil)
    }

    @Test("elements that are not places are refused")
    func notPlaces() {
        let refused: [[String: String]] = [
            ["highway": "residential", "name": "Aleksanterinkatu"],
            ["building": "yes", "name": "Some House"],
            ["amenity": "bench_x"],
            [:],
        ]
        for tags in refused {
            #expect(Place.fromOSM(type: .node, id: 1, coordinate: helsinki, tags: tags) == nil, "\(tags)")
        }
    }

    @Test("an unnamed standard category is a place; a named unknown one is too")
    func accepted() throws {
        let pharmacy = try #require(
            Place.fromOSM(type: .node, id: 2, coordinate: helsinki, tags: ["amenity": "pharmacy"]))
        #expect(pharmacy.name == nil)
        #expect(pharmacy.importance == 0)
        let odd = try #require(
            Place.fromOSM(
                type: .node, id: 3, coordinate: helsinki, tags: ["amenity": "foo_bar", "name": "Foo"]))
        #expect(odd.category == "amenity.foo_bar")
    }

    @Test("place ids validate and round-trip through JSON")
    func placeIDs() throws {
        #expect(PlaceID(rawValue: "google:ChIJN1t_tDeuEmsRUsoyG83frY4")?.provider == "google")
        #expect(PlaceID(rawValue: "nocolon") == nil)
        #expect(PlaceID(rawValue: ":x") == nil)
        #expect(PlaceID(rawValue: "osm:") == nil)
        #expect(PlaceID(rawValue: "OSM:node/1") == nil)
        let place = try #require(
            Place.fromOSM(
                type: .relation, id: 7, coordinate: helsinki,
                tags: ["tourism": "museum", "name": "Ateneum", "opening_hours": "Tu-Su 10:00-18:00"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(place)
        let decoded = try JSONDecoder().decode(Place.self, from: data)
        #expect(decoded == place)
        #expect(String(decoding: data, as: UTF8.self).contains("\"osm:relation/7\""))
    }
}
