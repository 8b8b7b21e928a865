import Foundation
import GeoKit
import LociWire
import PlaceKit
import Testing

@Suite("The comparison's JSON: rows flat, rounded, and without null members")
struct WireComparisonTests {
    static func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try WireEncoding.compact(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static let unnamedToilet = RankedPlace(
        place: Place(
            id: PlaceID(osm: .node, id: 7), name: nil, category: "toilets",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)),
        distance: 12.345, score: 0.123_456, match: .category)

    @Test("a row rounds the distance to 0.1 m and the score to 0.001, and numbers its rank")
    func rounding() throws {
        let row = try Self.object(WireComparison.Row(rank: 3, ranked: Self.unnamedToilet))
        #expect(row["rank"] as? Int == 3)
        #expect(row["distance_m"] as? Double == 12.3)
        #expect(row["score"] as? Double == 0.123)
        #expect(row["match"] as? String == "category")
        #expect(row["id"] as? String == "osm:node/7")
        #expect(row["category"] as? String == "toilets")
        #expect(row["lat"] as? Double == 60.17)
        #expect(row["lon"] as? Double == 24.94)
    }

    @Test("an unnamed place and an unknown distance are left out, not written as null")
    func noNulls() throws {
        var ranked = Self.unnamedToilet
        ranked.distance = nil
        let text = String(decoding: try WireEncoding.compact(WireComparison.Row(rank: 1, ranked: ranked)), as: UTF8.self)
        #expect(!text.contains("null"))
        #expect(!text.contains("\"name\""))
        #expect(!text.contains("distance_m"))
    }

    @Test("a column writes error only when the provider failed; the answer names radius_m")
    func columns() throws {
        let answered = WireComparison.Column(provider: "local", results: [], error: nil)
        let failed = WireComparison.Column(provider: "google", results: [], error: "no key")
        let answer = try Self.object(
            WireComparison(query: "cafe", lat: 60, lon: 24, radiusM: 500, providers: [answered, failed]))
        let providers = try #require(answer["providers"] as? [[String: Any]])
        #expect(providers.map { $0["provider"] as? String } == ["local", "google"])
        #expect(providers[0].keys.sorted() == ["provider", "results"])
        #expect(providers[1]["error"] as? String == "no key")
        #expect(answer["radius_m"] as? Double == 500)
        #expect(answer["query"] as? String == "cafe")
    }
}
