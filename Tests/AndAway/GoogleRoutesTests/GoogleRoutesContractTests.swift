import Foundation
import GeoKit
import GoogleRoutes
import LociTestSupport
import RoutingKit
import Testing

/// Contract tests of the Google Routes client against a loopback server serving answers in the
/// shape the API documents for `directions/v2:computeRoutes` (field-masked, as this client asks).
@Suite("Google Routes over HTTP")
struct GoogleRoutesContractTests {
    static let recorded = """
        {
          "routes": [
            {
              "distanceMeters": 772,
              "duration": "165s",
              "polyline": { "encodedPolyline": "_p~iF~ps|U_ulLnnqC_mqNvxq`@" },
              "legs": [
                {
                  "steps": [
                    {
                      "distanceMeters": 250,
                      "staticDuration": "52s",
                      "startLocation": { "latLng": { "latitude": 39.2866, "longitude": -76.6152 } },
                      "navigationInstruction": { "maneuver": "DEPART", "instructions": "Head east on W Pratt St" }
                    },
                    {
                      "distanceMeters": 522,
                      "staticDuration": "113s",
                      "startLocation": { "latLng": { "latitude": 39.2867, "longitude": -76.6123 } },
                      "navigationInstruction": { "maneuver": "TURN_LEFT", "instructions": "Turn left onto S Charles St" }
                    }
                  ]
                }
              ]
            }
          ]
        }
        """

    let origin = Coordinate(uncheckedLatitude: 39.2866, longitude: -76.6152)
    let destination = Coordinate(uncheckedLatitude: 39.2910, longitude: -76.6123)

    @Test(
        "sends a POST with the key, a narrow field mask and the mode; reads the route",
        arguments: [
            (TravelMode.car, "DRIVE"), (.foot, "WALK"), (.bicycle, "BICYCLE"),
        ])
    func request(mode: TravelMode, apiMode: String) async throws {
        let server = try StubHTTPServer { _ in .json(Self.recorded) }
        defer { server.stop() }
        let client = GoogleRoutesDirectionsService(apiKey: "test-key", baseURL: server.baseURL)
        let route = try await client.directions(from: origin, to: destination, mode: mode)
        #expect(route.distance == 772 && route.duration == 165 && route.mode == mode)
        #expect(route.geometry.count == 3 && abs(route.geometry[2].longitude - -126.453) < 1e-9)
        #expect(
            route.steps.map(\.instruction) == [
                "Head east on W Pratt St", "Turn left onto S Charles St", "Arrive at your destination",
            ])
        #expect(route.steps.map(\.maneuver) == [.depart, .left, .arrive])
        #expect(route.steps[1].duration == 113 && route.steps[1].distance == 522)

        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST" && sent.path == "/directions/v2:computeRoutes")
        #expect(sent.headers["x-goog-api-key"] == "test-key")
        let mask = try #require(sent.headers["x-goog-fieldmask"])
        #expect(
            !mask.contains("*") && mask.contains("routes.polyline.encodedPolyline")
                && mask.contains("routes.duration"))
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        #expect(body["travelMode"] as? String == apiMode)
        let latLng =
            ((body["origin"] as? [String: Any])?["location"] as? [String: Any])?["latLng"]
            as? [String: Double]
        #expect(latLng?["latitude"] == 39.2866 && latLng?["longitude"] == -76.6152)
    }

    @Test(
        "API errors keep their HTTP code, status and message",
        arguments: [
            (403, "PERMISSION_DENIED", "The provided API key is invalid."),
            (429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Compute Routes requests'."),
            (400, "INVALID_ARGUMENT", "Invalid JSON payload received."),
        ])
    func apiErrors(code: Int, status: String, message: String) async throws {
        let server = try StubHTTPServer { _ in
            .json(
                #"{"error": {"code": \#(code), "message": "\#(message)", "status": "\#(status)"}}"#,
                status: code)
        }
        defer { server.stop() }
        let client = GoogleRoutesDirectionsService(apiKey: "k", baseURL: server.baseURL)
        await #expect(
            throws: DirectionsError.http(
                provider: "Google Routes", code: code, status: status, message: message)
        ) {
            try await client.directions(from: origin, to: destination, mode: .car)
        }
    }

    @Test("an empty answer means no route")
    func empty() async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let client = GoogleRoutesDirectionsService(apiKey: "k", baseURL: server.baseURL)
        await #expect(throws: DirectionsError.noRoute(provider: "Google Routes")) {
            try await client.directions(from: origin, to: destination, mode: .foot)
        }
    }

    @Test("a bad duration names its field; broken JSON is a malformed response")
    func malformed() async throws {
        let server = try StubHTTPServer { request in
            request.headers["x-goog-api-key"] == "bad-duration"
                ? .json(Self.recorded.replacingOccurrences(of: "\"165s\"", with: "\"soon\""))
                : .json("{\"routes\": [")
        }
        defer { server.stop() }
        let badDuration = GoogleRoutesDirectionsService(apiKey: "bad-duration", baseURL: server.baseURL)
        await #expect(
            throws: DirectionsError.malformedResponse(
                provider: "Google Routes", field: "routes[0].duration",
                message: "'soon' is not a duration like \"165s\"")
        ) {
            try await badDuration.directions(from: origin, to: destination, mode: .car)
        }
        let broken = GoogleRoutesDirectionsService(apiKey: "broken", baseURL: server.baseURL)
        await #expect(
            performing: { try await broken.directions(from: origin, to: destination, mode: .car) },
            throws: { error in
                if case .malformedResponse = error as? DirectionsError { return true }
                return false
            })
    }

    @Test("an unreachable server is a transport error; no key is refused before any request")
    func transportAndKey() async throws {
        let server = try StubHTTPServer { _ in .json("{}") }
        let url = server.baseURL
        server.stop()
        // Keep the stopped server (and so its port, refusing connections) until the end.
        defer { withExtendedLifetime(server) {} }
        let client = GoogleRoutesDirectionsService(apiKey: "k", baseURL: url)
        await #expect(
            performing: { try await client.directions(from: origin, to: destination, mode: .car) },
            throws: { error in
                if case .transport = error as? DirectionsError { return true }
                return false
            })
        #expect(throws: DirectionsError.missingAPIKey(variable: "GOOGLE_MAPS_API_KEY")) {
            try GoogleRoutesDirectionsService(environment: [:])
        }
    }
}
