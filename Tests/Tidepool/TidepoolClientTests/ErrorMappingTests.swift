import Foundation
import GeoKit
import LociServer
import LociAPI
import Testing
import TidepoolTestServer

@testable import TidepoolClient

/// Every server error answer becomes a typed ``TidepoolClientError``.
@Suite("Tidepool client: error mapping")
struct ErrorMappingTests {
    @Test("every code the server can send maps to its own case; an unknown code keeps code and message")
    func everyCode() {
        for code in Components.Schemas.ErrorCode.allCases {
            let error = TidepoolClientError(status: 400, code: code.rawValue, message: "m")
            if case .unknown = error { Issue.record("\(code.rawValue) is not mapped") }
            #expect(error.code == code.rawValue)
        }
        let future = TidepoolClientError(status: 418, code: "teapot", message: "short and stout")
        #expect(future == .unknown(status: 418, code: "teapot", message: "short and stout"))
        #expect(
            TidepoolClientError(status: 429, code: "rate_limited", message: "m", retryAfter: 7)
                == .rateLimited(retryAfter: 7, message: "m"))
    }

    @Test(
        "400, 401, 403, 404 and 409 answers of a real server arrive as their cases, with the server's message"
    )
    func realAnswers() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let client = TidepoolClient.testing(server.baseURL)
        // 400: a viewport whose south is north of its north.
        do {
            _ = try await client.heat(south: 60.2, west: 24.9, north: 60.1, east: 25.0)
            Issue.record("an inverted viewport was accepted")
        } catch {
            guard case .invalidViewport(let message) = error else {
                Issue.record("400 arrived as \(error)")
                return
            }
            #expect(!message.isEmpty)
        }
        // 404: a place that does not exist.
        await #expect(throws: TidepoolClientError.self) { try await client.place(id: "osm:node/999") }
        do { _ = try await client.place(id: "osm:node/999") } catch {
            #expect(error.code == "not_found")
            if case .notFound = error {} else { Issue.record("404 arrived as \(error)") }
        }
        // 409: a second token in one epoch.
        try await client.register(attestation: "test-device", platform: .ios)
        let epoch = try await client.epoch()
        _ = try await client.presenceToken(for: epoch)
        do {
            _ = try await client.presenceToken(for: epoch)
            Issue.record("a second token was issued")
        } catch {
            if case .alreadyIssued = error {} else { Issue.record("409 arrived as \(error)") }
        }
        // 401: credentials of a device the server does not know (refresh and login both refused).
        let stranger = TidepoolClient.testing(
            server.baseURL,
            credentials: InMemoryCredentialStore(
                TidepoolCredentials(
                    deviceID: "no-such-device", deviceSecret: "nope", accessToken: "nope", accessExpiresAt: 0,
                    refreshToken: "nope", refreshExpiresAt: 0)))
        do {
            _ = try await stranger.profile()
            Issue.record("an unknown device was served")
        } catch {
            if case .invalidCredentials = error {} else { Issue.record("401 arrived as \(error)") }
        }
    }

    @Test("403: a refused attestation")
    func attestationRefused() async throws {
        let server = try await ClientTestServer.start(attestation: RefusingVerifier())
        defer { server.stop() }
        let client = TidepoolClient.testing(server.baseURL)
        do {
            try await client.register(attestation: "forged", platform: .ios)
            Issue.record("a refused attestation registered")
        } catch {
            if case .attestationRefused = error {} else { Issue.record("403 arrived as \(error)") }
        }
        #expect(try await client.credentials() == nil)
    }

    @Test("429: retried after Retry-After up to the bound, then rateLimited with the server's Retry-After")
    func rateLimited() async throws {
        let server = try await ClientTestServer.start { $0.rateLimitPerClient = 1 }
        defer { server.stop() }
        let sleeps = RecordedSleeps()
        let client = TidepoolClient.testing(server.baseURL, retry: .recorded(sleeps, attempts: 3))
        // The burst (2) is spent by the first two calls; the clock does not move, so every later
        // attempt is refused.
        _ = try await client.epoch()
        _ = try await client.epoch()
        do {
            _ = try await client.epoch()
            Issue.record("the third call passed the limit")
        } catch {
            guard case .rateLimited(let retryAfter, _) = error else {
                Issue.record("429 arrived as \(error)")
                return
            }
            let seconds = try #require(retryAfter)
            #expect(seconds >= 1)
            // Three attempts: two waits, each the server's Retry-After (not the backoff).
            #expect(sleeps.all == [Double(seconds), Double(seconds)])
        }
    }
}
