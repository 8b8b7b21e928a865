import Foundation
import LociServer
import Testing

/// Errors, limits and logs.
@Suite("Hardening")
struct HardeningTests {
    @Test("unknown routes, bad JSON and oversize bodies get JSON {code, message}")
    func errorBodies() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.maxBodyBytes = 1_024 }
        defer { server.stop() }
        let missing = try await server.send("GET", "/v1/nothing")
        #expect(missing.status == 404)
        #expect(missing.json["code"] as? String == "not_found")
        #expect(missing.json["message"] is String)
        let badJSON = try await server.send("POST", "/v1/auth/anonymous", raw: Data("{not json".utf8))
        #expect(badJSON.status == 400)
        #expect(badJSON.json["code"] as? String == "invalid_json")
        let big = try await server.send(
            "POST", "/v1/auth/anonymous", json: ["attestation": String(repeating: "a", count: 5_000)])
        #expect(big.status == 413)
        #expect(big.json["code"] as? String == "body_too_large")
        let bigIngest = try await server.send(
            "POST", "/v1/tidepool/presence", raw: Data(repeating: 0x20, count: 5_000))
        #expect(bigIngest.status == 413)
    }

    @Test("over the per-token limit: 429 with Retry-After")
    func rateLimit() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.rateLimitPerToken = 2 }
        defer { server.stop() }
        let token = try await server.register()
        var statuses: [Int] = []
        var retryAfter: String?
        for _ in 0..<8 {
            let answer = try await server.send("GET", "/v1/favourites", token: token)
            statuses.append(answer.status)
            if answer.status == 429 { retryAfter = answer.headers["retry-after"] }
        }
        // The limiter's clock is the test's frozen clock: a burst of 4 (twice the rate) passes,
        // every later request waits for a refill that never comes.
        #expect(statuses == [200, 200, 200, 200, 429, 429, 429, 429])
        #expect(retryAfter.flatMap(Int.init).map { $0 >= 1 } == true)
    }

    @Test("logs carry route templates and statuses, never tile ids, tokens or coordinates")
    func logsStayAnonymous() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let tile = TidepoolAPITests.cafeTile
        _ = try await server.send("POST", "/v1/tidepool/presence", raw: token.redemption(for: tile).json())
        _ = try await HeatAPITests.publish(server)
        _ = try await server.send("POST", "/v1/tiles/heat", json: HeatAPITests.viewport, token: access)
        _ = try await server.send(
            "GET", "/v1/places/search?q=cafe&lat=\(TestServer.cafe.lat)&lon=\(TestServer.cafe.lon)")
        let lines = server.logs.lines
        #expect(lines.contains { $0.contains("/v1/tidepool/presence") })
        #expect(lines.contains { $0.contains("/v1/places/search") })
        for line in lines {
            #expect(!line.contains(tile.description), "\(line)")
            #expect(!line.contains(access), "\(line)")
            #expect(!line.contains(token.nonce.base64EncodedString()), "\(line)")
            #expect(!line.contains("60.18"), "\(line)")
            #expect(!line.contains("24.91"), "\(line)")
        }
    }
}
