import Foundation
import LociServer
import Testing
import TidepoolTokens

/// Ingest through Hummingbird's router, over raw HTTP/1.1 sockets so that the requests are
/// exactly what the test writes: every outcome's status, headers, JSON body, `/metrics` counts
/// and log line; pipelining, requests in pieces and hostile framing.
@Suite("Ingest through the router")
struct IngestRouteTests {
    typealias RawAnswer = RawHTTP.RawAnswer
    typealias RawConnection = RawHTTP.RawConnection

    /// A well-formed redemption for the test server's epoch whose signature does not verify (403).
    static let forged = TokenRedemption(
        tile: TidepoolAPITests.cafeTile, epoch: TestServer.startEpoch, nonce: Data(repeating: 1, count: 32),
        signature: Data(repeating: 2, count: 256))

    static let health = RawHTTP.health

    static func ingest(_ body: Data, headers: String = "") -> Data { RawHTTP.ingest(body, headers: headers) }

    static func exchange(_ server: TestServer, _ bytes: Data, answers count: Int) async throws -> [RawAnswer] {
        try await RawHTTP.exchange(server, bytes, answers: count)
    }

    /// Every ingest outcome, each on its own connection as a client would send them: unknown
    /// member, accepted, replayed, forged, not JSON, too large, forged saying
    /// `Connection: keep-alive`, and an empty object saying `Connection: close`.
    static func outcomes(_ server: TestServer) async throws -> [RawAnswer] {
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let body = token.redemption(for: TidepoolAPITests.cafeTile).json()
        var withLatitude = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        withLatitude["lat"] = 60.18
        let requests: [Data] = [
            ingest(try JSONSerialization.data(withJSONObject: withLatitude)), ingest(body), ingest(body),
            ingest(forged.json()), ingest(Data("not json".utf8)), ingest(Data(repeating: 0x20, count: 20_000)),
            ingest(forged.json(), headers: "Connection: keep-alive\r\n"),
        ]
        var answers: [RawAnswer] = []
        for request in requests { answers += try await exchange(server, request, answers: 1) }
        // The last says Connection: close: answered, then the connection is closed (what
        // follows it on the connection is not read).
        let closing = try RawConnection(port: try #require(server.baseURL.port))
        try closing.send(ingest(Data("{}".utf8), headers: "Connection: close\r\n") + health)
        answers += try await closing.read(answers: 1)
        #expect(await closing.ended())
        return answers
    }

    @Test("every ingest outcome: status, headers, JSON body, /metrics counts and log line")
    func outcomes() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let answers = try await Self.outcomes(server)
        #expect(answers.map(\.status) == [400, 202, 409, 403, 400, 413, 403, 400])
        let codes = answers.map { answer in
            ((try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: Any])?["code"] as? String
        }
        #expect(
            codes == [
                "unknown_field", nil, "double_spend", "invalid_signature", "invalid_field", "body_too_large",
                "invalid_signature", "invalid_field",
            ])
        #expect(
            answers[0].body
                == #"{"code":"unknown_field","message":"unknown member \"lat\"; the schema is closed (tile_id, epoch, nonce, signature, optional facet)"}"#
        )
        #expect(answers[1].body == #"{"status":"accepted"}"#)
        #expect(answers[4].body == #"{"code":"invalid_field","message":"body: not valid JSON"}"#)
        #expect(answers[5].body == #"{"code":"body_too_large","message":"the body has 20000 bytes, at most 4096"}"#)
        #expect(answers[7].body == #"{"code":"invalid_field","message":"tile_id: missing"}"#)
        for answer in answers {
            #expect(answer.headers["date"]?.hasSuffix(" GMT") == true, "\(answer.headers)")
            #expect(answer.headers["server"] == "loci")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
            #expect(answer.headers["content-length"] == "\(answer.body.utf8.count)")
        }
        // /metrics counts each refusal and each refused status once, never an accepted report.
        let metrics = try await server.metrics().text
        #expect(!metrics.contains(#"outcome="accepted""#))
        #expect(!metrics.contains(#"status="202""#))
        for line in [
            #"loci_tidepool_ingest_total{outcome="double_spend"} 1"#,
            #"loci_tidepool_ingest_total{outcome="invalid_signature"} 2"#,
            #"loci_tidepool_ingest_total{outcome="unknown_field"} 1"#,
            #"loci_tidepool_ingest_total{outcome="invalid_field"} 2"#,
            #"loci_http_requests_total{route="/v1/tidepool/presence",method="POST",status="400"} 3"#,
            #"loci_http_requests_total{route="/v1/tidepool/presence",method="POST",status="403"} 2"#,
            #"loci_http_requests_total{route="/v1/tidepool/presence",method="POST",status="409"} 1"#,
            #"loci_http_requests_total{route="/v1/tidepool/presence",method="POST",status="413"} 1"#,
        ] {
            #expect(metrics.split(separator: "\n").contains(Substring(line)), "\(line) in \(metrics)")
        }
        // The accepted report is counted once, on its tile.
        server.clock.now = (TestServer.startEpoch + 1) * TestServer.epochSeconds
        try await server.services.engine.tick()
        #expect(
            try await server.store.partialCounts(epoch: TestServer.startEpoch)
                == [TidepoolAPITests.cafeTile.rawValue: 1])
        // Refusals keep an info line; the accepted one is logged at debug (summed up each minute).
        let lines = server.logs.lines.filter { $0.contains("/v1/tidepool/presence") }
        #expect(lines.contains { $0.hasPrefix("debug") && $0.contains("status=202") })
        #expect(lines.contains { $0.hasPrefix("info") && $0.contains("status=403") })
        #expect(!lines.contains { $0.hasPrefix("info") && $0.contains("status=202") })
    }

    @Test("pipelined requests are answered in request order")
    func pipelinedOrder() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let ingest = Self.ingest(Self.forged.json())
        let notJSON = Self.ingest(Data("[".utf8))
        let answers = try await Self.exchange(
            server, ingest + Self.health + notJSON + ingest + Self.health + notJSON, answers: 6)
        #expect(answers.map(\.status) == [403, 200, 400, 403, 200, 400])
        #expect(answers[1].body.contains("\"status\":\"ok\""))
        #expect(answers[2].body.contains("invalid_field"))
        #expect(answers[3].body.contains("invalid_signature"))
    }

    @Test("a request sent in pieces is answered once whole; the connection then serves other routes")
    func piecesAndHandOver() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let request = Self.ingest(Self.forged.json())
        let connection = try RawConnection(port: try #require(server.baseURL.port))
        // The request line cut, a header cut, the body cut twice.
        var offset = 0
        for cut in [10, 60, request.count - 30, request.count - 1, request.count] {
            try connection.send(Data(request[offset..<cut]))
            offset = cut
            try await Task.sleep(for: .milliseconds(30))
        }
        #expect(try await connection.read(answers: 1).map(\.status) == [403])
        // Another route on the same connection, and ingest behind it.
        try connection.send(Self.health + request + request)
        let answers = try await connection.read(answers: 3)
        #expect(answers.map(\.status) == [200, 403, 403])
        #expect(answers[2].body.contains("invalid_signature"))
    }

    @Test("hostile ingest framing: chunked bodies, a body cut short, Expect: 100-continue")
    func hostileFraming() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        // A chunked body is read like any other.
        let chunked = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n"
                .utf8)
        let first = try await Self.exchange(server, chunked + Self.health, answers: 2)
        #expect(first.map(\.status) == [400, 200])
        #expect(first[0].body.contains("unknown_field"))
        // Chunks past the limit: 413.
        let huge = String(repeating: "x", count: 9_000)
        let big = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nTransfer-Encoding: chunked\r\n\r\n2328\r\n\(huge)\r\n2328\r\n\(huge)\r\n0\r\n\r\n"
                .utf8)
        let second = try await Self.exchange(server, big + Self.health, answers: 2)
        #expect(second.map(\.status) == [413, 200])
        // A chunk size that is not hexadecimal is malformed framing: 400, not a size.
        let badChunk = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
                .utf8)
        let framing = try await Self.exchange(server, badChunk, answers: 1)
        #expect(framing.map(\.status) == [400])
        #expect(framing.first?.body.contains("bad_request") == true)
        // A client that disconnects mid-body leaves nothing behind; the server goes on.
        let cut = Self.ingest(Data(repeating: 0x7B, count: 100)).prefix(120)
        _ = try? await Self.exchange(server, Data(cut), answers: 0)
        // Expect: 100-continue.
        let expecting = Self.ingest(Data("{}".utf8), headers: "Expect: 100-continue\r\n")
        let third = try await Self.exchange(server, expecting + Self.health, answers: 2)
        #expect(third.last?.status == 200)
        let health = try await server.send("GET", "/health")
        #expect(health.status == 200)
    }
}
