import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import GooglePlaces

@Suite("Google Places search against recorded responses")
struct GooglePlacesSearchTests {
    @Test("text search sends the key, the Pro list mask and the query, and maps the recorded places")
    func textSearch() async throws {
        let fixture = try GoogleFixtures.text("searchText-pizza-nyc.json")
        let server = try StubHTTPServer { _ in .json(fixture) }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let center = try Coordinate(latitude: 40.7128, longitude: -74.0060)
        let results = try await provider.searchPlaces(
            SearchRequest(text: "pizza in New York", center: center, radius: 8_000, limit: 20))

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/places:searchText")
        #expect(request.headers["x-goog-api-key"] == "test-key")
        let mask = try #require(request.headers["x-goog-fieldmask"])
        #expect(
            Set(mask.split(separator: ",").map(String.init))
                == [
                    "places.id", "places.displayName", "places.location", "places.types",
                    "places.primaryType",
                    "places.formattedAddress",
                ])
        for enterpriseField in [
            "rating", "regularOpeningHours", "nationalPhoneNumber", "websiteUri", "photos",
        ] {
            #expect(
                !mask.contains(enterpriseField),
                "list mask must stay off Enterprise fields: \(enterpriseField)")
        }
        let body = try GoogleFixtures.body(request)
        #expect(body["textQuery"] as? String == "pizza in New York")
        #expect(body["pageSize"] as? Int == 20)
        let circle = try #require((body["locationBias"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 8_000)
        #expect((circle["center"] as? [String: Double])?["latitude"] == 40.7128)

        // Expected values: the recorded legacy response (TextSearchPizzaInNYC.json).
        #expect(results.count == 20)
        let first = try #require(results.first)
        #expect(first.place.id.rawValue == "google:ChIJuc8AM0BZwokRtpm2S66ltsE")
        #expect(first.place.name == "Paulie Gee's")
        #expect(first.place.coordinate.latitude == 40.729606)
        #expect(abs(first.place.coordinate.longitude - -73.958576) < 1e-9)
        #expect(first.place.category == "restaurant")
        #expect(
            first.place.tags["google:formattedAddress"]
                == "60 Greenpoint Ave, Brooklyn, NY 11222, United States")
        #expect(first.score == 1)
        #expect(results.map(\.place.name).prefix(3) == ["Paulie Gee's", "Kesté Pizza & Vino", "Best Pizza"])
        let distance = try #require(first.distance)
        #expect(abs(distance - Haversine.distance(center, first.place.coordinate)) < 1e-6)
        #expect(zip(results, results.dropFirst()).allSatisfy { $0.score > $1.score })
    }

    @Test("nearby search asks for the category's Google types by distance and maps secondary types")
    func nearbySearch() async throws {
        let fixture = try GoogleFixtures.text("searchNearby-by-type.json")
        let server = try StubHTTPServer { _ in .json(fixture) }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let center = try Coordinate(latitude: -33.8670, longitude: 151.1957)
        let results = try await provider.searchNearby(
            center: center, categories: ["bar"], radius: 1_500, limit: 20)

        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/places:searchNearby")
        let body = try GoogleFixtures.body(request)
        let types = try #require(body["includedTypes"] as? [String])
        #expect(Set(["bar", "wine_bar", "cocktail_bar", "sports_bar"]).isSubset(of: Set(types)))
        #expect(body["rankPreference"] as? String == "DISTANCE")
        #expect(body["maxResultCount"] as? Int == 20)
        let circle = try #require(
            (body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 1_500)

        #expect(results.count == 20)
        #expect(results[0].place.name == "Sydney Harbour Marriott Hotel at Circular Quay")
        #expect(results[0].place.coordinate.latitude == -33.8627261)
        #expect(results[0].match == .nearby)
        // "Base Backpackers Sydney" is [travel_agency, bar]: the unmapped first type is skipped.
        #expect(results[1].place.name == "Base Backpackers Sydney")
        #expect(results[1].place.category == "bar")
        #expect(results[3].place.category == "cafe")  // Wake Up! Sydney: [cafe, travel_agency]
    }

    @Test("a category with no Google type asks nothing and finds nothing")
    func unmappedCategory() async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let center = try Coordinate(latitude: 60.17, longitude: 24.94)
        let results = try await provider.searchNearby(
            center: center, categories: ["biergarten"], radius: 500, limit: 5)
        #expect(results.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test("radii Google cannot take are refused before any request", arguments: [0.0, -5, 50_001, .nan])
    func badRadius(radius: Double) async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let center = try Coordinate(latitude: 60.17, longitude: 24.94)
        await #expect(throws: GooglePlacesError.self) {
            try await provider.searchNearby(center: center, categories: [], radius: radius, limit: 5)
        }
        #expect(server.requests.isEmpty)
    }
}

@Suite("Google Places region search and Retry-After")
struct GooglePlacesRegionTests {
    @Test("a region search asks around the box's centre and keeps only places inside the box")
    func region() async throws {
        let fixture = try GoogleFixtures.text("searchText-pizza-nyc.json")
        let server = try StubHTTPServer { _ in .json(fixture) }
        defer { server.stop() }
        let box = try BoundingBox(south: 40.70, west: -74.02, north: 40.74, east: -73.97)
        let results = try await GoogleFixtures.provider(server).searchInRegion(
            text: "pizza", region: box, categories: [], limit: 20)
        // Counted in the fixture with Python: 8 of the 20 recorded places lie inside the box.
        #expect(
            results.map(\.place.name) == [
                "Kesté Pizza & Vino", "Joe's Pizza", "Rubirosa Ristorante", "Luzzo's", "Harry's Italian",
                "Lombardi's Pizza", "John’s of Bleecker Street", "Gruppo",
            ])
        let body = try GoogleFixtures.body(try #require(server.requests.first))
        let circle = try #require((body["locationBias"] as? [String: Any])?["circle"] as? [String: Any])
        let center = try #require(circle["center"] as? [String: Double])
        #expect(center["latitude"] == 40.72)
        #expect(abs((center["longitude"] ?? 0) - -73.995) < 1e-9)
        // Centre to the north-east corner, haversine (Python): 3 063.23 m.
        #expect(abs((circle["radius"] as? Double ?? 0) - 3_063.23) < 0.01)
    }

    @Test("a 429 with Retry-After waits what the server asked, then succeeds")
    func retryAfter() async throws {
        let fixture = try GoogleFixtures.text("searchText-pizza-nyc.json")
        let counter = Counter()
        let server = try StubHTTPServer { _ in
            counter.next() == 1
                ? StubResponse(
                    status: 429, headers: ["Content-Type": "application/json", "Retry-After": "3"],
                    body: Data(#"{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "slow down"}}"#.utf8))
                : .json(fixture)
        }
        defer { server.stop() }
        let sleeps = SleepLog()
        let client = try GoogleFixtures.client(server, sleeps: sleeps)
        let places = try await client.searchText("pizza", center: nil, radius: nil, includedType: nil, pageSize: 20)
        #expect(places.count == 20)
        #expect(sleeps.all == [3])
    }
}
