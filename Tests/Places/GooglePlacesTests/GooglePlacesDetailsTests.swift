import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import GooglePlaces

@Suite("Google Places details, photos and autocomplete sessions")
struct GooglePlacesDetailsTests {
    static let sydneyID = PlaceID(rawValue: "google:ChIJN1t_tDeuEmsRUsoyG83frY4")!

    @Test("details use the Enterprise mask on GET places/{id} and map address, phone, website and hours")
    func details() async throws {
        let fixture = try GoogleFixtures.text("details-google-sydney.json")
        let server = try StubHTTPServer { _ in .json(fixture) }
        defer { server.stop() }
        let place = try #require(try await GoogleFixtures.provider(server).placeDetails(id: Self.sydneyID))

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/places/ChIJN1t_tDeuEmsRUsoyG83frY4")
        #expect(request.query["sessionToken"] == nil)
        #expect(request.headers["x-goog-fieldmask"] == GooglePlacesFieldMask.details)
        #expect(request.headers["x-goog-fieldmask"]?.contains("regularOpeningHours") == true)

        // Expected values: the recorded legacy response (PlaceDetailsResponse.json).
        #expect(place.name == "Google Workplace 6")
        #expect(place.phone == "+61 2 9374 4000")
        #expect(place.website == "http://google.com/")
        #expect(place.address?.houseNumber == "48")
        #expect(place.address?.street == "Pirrama Road")
        #expect(place.address?.city == "Pyrmont")
        #expect(place.address?.postcode == "2009")
        #expect(place.address?.state == "NSW")
        #expect(place.address?.country == "AU")
        #expect(place.tags["google:rating"] != nil)
        // Weekday hours 08:30-17:30 (Mo-We) and 08:30-17:00 (Th-Fr), closed at the weekend.
        let hours = try #require(place.openingHours)
        #expect(hours.isParsed)
        let sydney = try #require(TimeZone(identifier: "Australia/Sydney"))
        func instant(_ text: String) throws -> Date {
            let formatter = ISO8601DateFormatter()
            return try #require(formatter.date(from: text))
        }
        #expect(hours.isOpen(at: try instant("2024-03-04T10:00:00+11:00"), in: sydney) == true)  // Monday
        #expect(hours.isOpen(at: try instant("2024-03-04T17:45:00+11:00"), in: sydney) == false)
        #expect(hours.isOpen(at: try instant("2024-03-07T17:15:00+11:00"), in: sydney) == false)  // Thursday
        #expect(hours.isOpen(at: try instant("2024-03-09T12:00:00+11:00"), in: sydney) == false)  // Saturday
    }

    @Test("an unknown place is nil, and other providers' ids are never sent to Google")
    func notFound() async throws {
        let server = try StubHTTPServer { _ in GoogleFixtures.error(404, "NOT_FOUND", "Place not found") }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        #expect(try await provider.placeDetails(id: Self.sydneyID) == nil)
        #expect(try await provider.placeDetails(id: PlaceID(osm: .node, id: 1)) == nil)
        #expect(server.requests.count == 1)
    }

    @Test("an id that would change the path is refused without a request")
    func hostileID() async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let id = try #require(PlaceID(rawValue: "google:../../v1/places:searchText"))
        await #expect(throws: GooglePlacesError.self) { try await provider.placeDetails(id: id) }
        #expect(server.requests.isEmpty)
    }

    @Test("autocomplete reuses one session token until the details call, which ends it")
    func sessionTokens() async throws {
        let autocomplete = try GoogleFixtures.text("autocomplete-town-hall.json")
        let details = try GoogleFixtures.text("details-google-sydney.json")
        let server = try StubHTTPServer { request in
            request.path == "/v1/places:autocomplete" ? .json(autocomplete) : .json(details)
        }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        let center = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        _ = try await provider.suggestions(for: "Town", center: center, radius: 2_000, limit: 5)
        let suggestions = try await provider.suggestions(
            for: "Town Ha", center: center, radius: 2_000, limit: 5)
        let chosen = try #require(suggestions.first)
        let place = try await provider.place(for: chosen)
        _ = try await provider.suggestions(for: "Opera", center: nil, radius: nil, limit: 5)

        // Expected values: the recorded legacy autocomplete response.
        #expect(suggestions.count == 5)
        #expect(chosen.placeID.rawValue == "google:ChIJRddlKTyuEmsRjNjH0KjZHwY")
        #expect(chosen.primaryText == "Town Hall")
        #expect(chosen.secondaryText == "Sydney, New South Wales, Australia")
        #expect(place?.name == "Google Workplace 6")  // whatever the stub's details say

        let requests = server.requests
        #expect(
            requests.map(\.path) == [
                "/v1/places:autocomplete", "/v1/places:autocomplete",
                "/v1/places/ChIJRddlKTyuEmsRjNjH0KjZHwY",
                "/v1/places:autocomplete",
            ])
        let tokens = try requests.filter { $0.method == "POST" }.map {
            try GoogleFixtures.body($0)["sessionToken"] as? String
        }
        #expect(tokens == ["token-1", "token-1", "token-2"])
        #expect(requests[2].query["sessionToken"] == "token-1")
        #expect(requests[0].headers["x-goog-fieldmask"] == GooglePlacesFieldMask.autocomplete)
        let first = try GoogleFixtures.body(requests[0])
        #expect(first["input"] as? String == "Town")
        #expect((first["origin"] as? [String: Double])?["longitude"] == 151.2093)
    }

    @Test("photos resolve through {name}/media with skipHttpRedirect")
    func photos() async throws {
        let details = try GoogleFixtures.text("details-google-sydney.json")
        let server = try StubHTTPServer { request in
            request.path.hasSuffix("/media")
                ? .json(#"{"name": "x", "photoUri": "https://photos.example/one.jpg"}"#) : .json(details)
        }
        defer { server.stop() }
        let photos = try await GoogleFixtures.provider(server).placePhotos(id: Self.sydneyID, maxPhotos: 3)

        #expect(photos.count == 1)  // the recording has one photo
        #expect(photos.first?.url == "https://photos.example/one.jpg")
        #expect(
            photos.first?.reference.hasPrefix(
                "places/ChIJN1t_tDeuEmsRUsoyG83frY4/photos/AUjq9jnZWyyXnszLUn36P7ErS8pDT8") == true)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests[0].headers["x-goog-fieldmask"] == "id,photos")
        #expect(requests[1].path.hasSuffix("/media"))
        #expect(requests[1].query["skipHttpRedirect"] == "true")
        #expect(requests[1].query["maxWidthPx"] == "1600")
        #expect(requests[1].headers["x-goog-fieldmask"] == nil)
    }
}
