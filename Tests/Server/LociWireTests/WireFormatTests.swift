import Foundation
import GeoKit
import LociWire
import PlaceKit
import Testing

@Suite("The wire vocabulary")
struct WireFormatTests {
    /// A café that is open on weekday mornings, with every detail field set.
    static func cafe() throws -> Place {
        Place(
            id: try #require(PlaceID(rawValue: "osm:node/42")), name: "Café Regatta",
            alternativeNames: ["Regatta"], category: "cafe",
            coordinate: try Coordinate(latitude: 60.1828, longitude: 24.9101),
            address: PostalAddress(osmTags: ["addr:street": "Merikannontie", "addr:housenumber": "8"]),
            phone: "+358 40 1234567", website: "https://example.org/regatta",
            openingHours: OpeningHours("Mo-Fr 08:00-12:00"), wikidataID: "Q123", importance: 0.25,
            tags: ["amenity": "cafe", "name": "Café Regatta"])
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a summary writes only id, name, category, lat and lon")
    func summaryMembers() throws {
        let json = try Self.object(WireEncoding.compact(WirePlace(summaryOf: try Self.cafe())))
        #expect(Set(json.keys) == ["id", "name", "category", "lat", "lon"])
        #expect(json["id"] as? String == "osm:node/42")
        #expect(json["lat"] as? Double == 60.1828)
    }

    @Test("details write every member, null for what is unknown, and open-now at the instant asked")
    func detailMembers() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        // Monday 2026-11-23 09:00 in Helsinki (07:00 UTC): open. 13:00 local: closed.
        let morning = Date(timeIntervalSince1970: 1_795_417_200)
        var place = try Self.cafe()
        let open = try Self.object(WireEncoding.compact(WirePlace(place, at: morning, in: zone)))
        #expect(open["open_now"] as? Bool == true)
        #expect(open["category_name"] as? String == "Café")
        #expect(open["alternative_names"] as? [String] == ["Regatta"])
        #expect((open["tags"] as? [String: String])?["amenity"] == "cafe")
        #expect(open["address"] as? String != nil)
        let closed = try Self.object(
            WireEncoding.compact(WirePlace(place, at: morning.addingTimeInterval(4 * 3_600), in: zone)))
        #expect(closed["open_now"] as? Bool == false)

        place.openingHours = nil
        place.phone = nil
        let unknown = try Self.object(WireEncoding.compact(WirePlace(place, at: morning, in: zone)))
        #expect(unknown.keys.contains("open_now") && unknown["open_now"] is NSNull)
        #expect(unknown.keys.contains("phone") && unknown["phone"] is NSNull)
        #expect(unknown.keys.contains("opening_hours") && unknown["opening_hours"] is NSNull)
    }

    @Test("a search result is the place's members and the ranking's in one object, and reads back")
    func searchResultRoundTrip() throws {
        let zone = try #require(TimeZone(identifier: "UTC"))
        let place = WirePlace(try Self.cafe(), at: Date(timeIntervalSince1970: 0), in: zone)
        let plain = WireSearchResult(place: place, distanceM: 12.5, score: 0.75, match: "prefix")
        let json = try Self.object(WireEncoding.compact(plain))
        #expect(json["distance_m"] as? Double == 12.5)
        #expect(json["name"] as? String == "Café Regatta")
        #expect(json["heat"] == nil && json["interest"] == nil)
        #expect(try WireEncoding.decode(WireSearchResult.self, from: WireEncoding.compact(plain)) == plain)

        let personal = WireSearchResult(
            place: WirePlace(summaryOf: try Self.cafe()), distanceM: nil, score: 1, match: "exact", heat: 0.5,
            interest: 0.25)
        let personalJSON = try Self.object(WireEncoding.compact(personal))
        #expect(personalJSON["heat"] as? Double == 0.5)
        #expect(personalJSON["distance_m"] is NSNull)
        #expect(personalJSON["category_name"] == nil)
        #expect(try WireEncoding.decode(WireSearchResult.self, from: WireEncoding.compact(personal)) == personal)
    }

    @Test("output is stable: keys sorted, slashes unescaped")
    func stableText() throws {
        let text = String(
            decoding: try WireEncoding.compact(WirePlace(summaryOf: try Self.cafe())), as: UTF8.self)
        #expect(text == #"{"category":"cafe","id":"osm:node/42","lat":60.1828,"lon":24.9101,"name":"Café Regatta"}"#)
    }
}
