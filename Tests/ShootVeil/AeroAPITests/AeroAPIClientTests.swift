import Foundation
import LociTestSupport
import Testing

@testable import AeroAPI

/// AeroAPI v4's `/flights/{ident}` contract against a local stub (the response shape and the
/// `x-apikey` header as FlightAware documents them).
@Suite struct AeroAPIClientTests {
    static let body = #"""
        {"flights": [{"ident": "DAL1812", "ident_icao": "DAL1812", "operator": "DAL", "operator_icao": "DAL",
          "registration": "N899DN", "aircraft_type": "B739",
          "origin": {"code": "KATL", "code_icao": "KATL", "code_iata": "ATL", "name": "Hartsfield-Jackson Intl"},
          "destination": {"code": "MMUN", "code_icao": "MMUN", "code_iata": "CUN", "name": "Cancun Int'l"}}],
         "links": null, "num_pages": 1}
        """#

    @Test func flightIsReadAndTheKeyIsSent() async throws {
        let server = try StubHTTPServer { _ in .json(Self.body) }
        defer { server.stop() }
        let client = AeroAPIClient(
            apiKey: "test-key", baseURL: server.baseURL.appendingPathComponent("aeroapi"))
        let flight = try #require(try await client.flight(ident: "DAL1812"))
        #expect(flight.aircraftType == "B739" && flight.registration == "N899DN")
        #expect(flight.origin == "KATL Hartsfield-Jackson Intl")
        #expect(flight.destination == "MMUN Cancun Int'l")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/aeroapi/flights/DAL1812")
        #expect(request.headers.first { $0.key.lowercased() == "x-apikey" }?.value == "test-key")
    }

    @Test func statusesBecomeTypedFailures() async throws {
        for (status, expected) in [
            (401, AeroAPIClient.Failure.unauthorized), (429, .rateLimited),
            (400, .http(status: 400, detail: "bad ident")),
        ] {
            let server = try StubHTTPServer { _ in
                .json(#"{"title": "x", "detail": "bad ident", "status": \#(status)}"#, status: status)
            }
            defer { server.stop() }
            let client = AeroAPIClient(apiKey: "k", baseURL: server.baseURL)
            await #expect(throws: expected) { try await client.flight(ident: "DAL1812") }
        }
        let empty = try StubHTTPServer { _ in .json(#"{"flights": [], "links": null, "num_pages": 1}"#) }
        defer { empty.stop() }
        #expect(try await AeroAPIClient(apiKey: "k", baseURL: empty.baseURL).flight(ident: "NONE1") == nil)
        let broken = try StubHTTPServer { _ in .json(#"{"data": 1}"#) }
        defer { broken.stop() }
        await #expect(throws: AeroAPIClient.Failure.malformed("no 'flights' array")) {
            try await AeroAPIClient(apiKey: "k", baseURL: broken.baseURL).flight(ident: "DAL1")
        }
        // An ident that would change the path is refused before any request.
        await #expect(throws: AeroAPIClient.Failure.self) {
            try await AeroAPIClient(apiKey: "k", baseURL: broken.baseURL).flight(ident: "../admin")
        }
    }
}
