import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import GooglePlaces

@Suite("Google Places failures become typed errors")
struct GooglePlacesErrorTests {
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    func search(_ server: StubHTTPServer, sleeps: SleepLog = SleepLog()) async throws(GooglePlacesError)
        -> [GoogleWire.Place]
    {
        let client: GooglePlacesClient
        do { client = try GoogleFixtures.client(server, sleeps: sleeps) } catch {
            throw .network(call: "setup", message: "\(error)")
        }
        return try await client.searchText(
            "cafe", center: Self.center, radius: 1_000, includedType: nil, pageSize: 5)
    }

    @Test("400 INVALID_ARGUMENT is an invalid request, not retried")
    func invalidArgument() async throws {
        let server = try StubHTTPServer { _ in
            GoogleFixtures.error(400, "INVALID_ARGUMENT", "Invalid 'textQuery'.")
        }
        defer { server.stop() }
        await #expect(
            throws: GooglePlacesError.invalidRequest(
                call: "places:searchText", status: "INVALID_ARGUMENT", message: "Invalid 'textQuery'.")
        ) {
            try await search(server)
        }
        #expect(server.requests.count == 1)
    }

    @Test("403 PERMISSION_DENIED is a bad key, not retried")
    func permissionDenied() async throws {
        let server = try StubHTTPServer { _ in
            GoogleFixtures.error(403, "PERMISSION_DENIED", "API key not valid.")
        }
        defer { server.stop() }
        await #expect(
            throws: GooglePlacesError.badAPIKey(call: "places:searchText", message: "API key not valid.")
        ) {
            try await search(server)
        }
        #expect(server.requests.count == 1)
    }

    @Test("429 RESOURCE_EXHAUSTED is retried with bounded jittered backoff, then a quota error")
    func quota() async throws {
        let server = try StubHTTPServer { _ in
            GoogleFixtures.error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.")
        }
        defer { server.stop() }
        let sleeps = SleepLog()
        await #expect(
            throws: GooglePlacesError.quotaExceeded(call: "places:searchText", message: "Quota exceeded.")
        ) {
            try await search(server, sleeps: sleeps)
        }
        #expect(server.requests.count == 4)  // RetryPolicy.standard: four attempts
        #expect(sleeps.all == [0.5, 1, 2])  // jitter fixed at 1: the ceilings 0.5 × 2ⁿ
    }

    @Test("a 500 followed by success returns the answer")
    func serverErrorThenSuccess() async throws {
        let fixture = try GoogleFixtures.text("searchText-pizza-nyc.json")
        let counter = Counter()
        let server = try StubHTTPServer { _ in
            counter.next() == 1 ? GoogleFixtures.error(500, "INTERNAL", "Internal error.") : .json(fixture)
        }
        defer { server.stop() }
        let places = try await search(server)
        #expect(places.count == 20)
        #expect(server.requests.count == 2)
    }

    @Test("persistent 5xx is a server error after every attempt")
    func serverError() async throws {
        let server = try StubHTTPServer { _ in
            GoogleFixtures.error(503, "UNAVAILABLE", "Backend unavailable.")
        }
        defer { server.stop() }
        await #expect(
            throws: GooglePlacesError.serverError(
                call: "places:searchText", httpStatus: 503, message: "Backend unavailable.")
        ) {
            try await search(server)
        }
        #expect(server.requests.count == 4)
    }

    @Test("a body of the wrong shape names the JSON path")
    func undecodable() async throws {
        let server = try StubHTTPServer { _ in
            .json(
                #"{"places": [{"id": "a", "location": {"latitude": 1, "longitude": 2}}, {"id": "b", "location": {"latitude": "north"}}]}"#
            )
        }
        defer { server.stop() }
        do {
            _ = try await search(server)
            Issue.record("expected a decoding error")
        } catch {
            guard case .undecodableBody(let call, let path, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(call == "places:searchText")
            #expect(path == "places[1].location.latitude")
        }
    }

    @Test("a place without a position is refused with its path")
    func placeWithoutLocation() async throws {
        let server = try StubHTTPServer { _ in
            .json(#"{"places": [{"id": "abc", "displayName": {"text": "X"}}]}"#)
        }
        defer { server.stop() }
        let provider = try GoogleFixtures.provider(server)
        await #expect(
            throws: GooglePlacesError.invalidPlace(
                call: "places:searchText", path: "places[0].location", reason: "no latitude/longitude")
        ) {
            try await provider.searchPlaces(SearchRequest(text: "x"))
        }
    }

    @Test("an unreachable server is a network error after the retries")
    func network() async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        let url = server.baseURL
        server.stop()  // nothing listens there any more
        // Keep the stopped server (and so its port, refusing connections) until the end.
        defer { withExtendedLifetime(server) {} }
        let configuration = try GooglePlacesConfiguration(
            apiKey: "k", baseURL: url, retry: .standard, timeout: 5)
        let sleeps = SleepLog()
        let client = GooglePlacesClient(
            configuration: configuration, sleep: { sleeps.record($0) }, unitRandom: { 0.5 })
        do {
            _ = try await client.searchText("x", center: nil, radius: nil, includedType: nil, pageSize: 1)
            Issue.record("expected a network error")
        } catch {
            guard case .network(let call, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(call == "places:searchText")
        }
        #expect(sleeps.all == [0.25, 0.5, 1])
    }

    @Test("no key in the environment says which variable to set")
    func missingKey() {
        #expect(throws: GooglePlacesError.missingAPIKey(variable: "GOOGLE_MAPS_API_KEY")) {
            try GooglePlacesConfiguration.fromEnvironment([:])
        }
        #expect(throws: GooglePlacesError.missingAPIKey(variable: "GOOGLE_MAPS_API_KEY")) {
            try GooglePlacesConfiguration.fromEnvironment(["GOOGLE_MAPS_API_KEY": "  "])
        }
    }

    @Test("backoff waits are capped, jittered and stretched by Retry-After")
    func backoff() {
        let policy = RetryPolicy.standard
        #expect(policy.delay(beforeRetry: 0, unit: 1) == 0.5)
        #expect(policy.delay(beforeRetry: 2, unit: 0.5) == 1)
        #expect(policy.delay(beforeRetry: 10, unit: 1) == 8)
        #expect(policy.delay(beforeRetry: 0, unit: 0, retryAfter: 3) == 3)
        #expect(policy.delay(beforeRetry: 0, unit: 0, retryAfter: 60) == 8)
    }
}
