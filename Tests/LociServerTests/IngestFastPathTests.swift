import Foundation
import LociServer
import Testing
import TidepoolTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ingest answered in the channel pipeline (`IngestFastPath`) against the same requests
/// answered by Hummingbird's router (`ingestFastPath = false`), over raw HTTP/1.1 sockets so
/// that the requests are exactly what the test writes (no client-added headers).
@Suite("Ingest fast path")
struct IngestFastPathTests {
    /// One answer read off a socket.
    struct RawAnswer: Equatable {
        var status: Int
        var headers: [String: String]
        var body: String

        /// The headers that must agree between the two paths (`date` moves with the clock).
        var comparable: [String: String] { headers.filter { $0.key != "date" } }
    }

    /// The body of an ingest request.
    static func ingest(_ body: Data, headers: String = "") -> Data {
        var request = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(body.count)\r\n\r\n"
                .utf8)
        request.append(body)
        return request
    }

    static let health = Data("GET /health HTTP/1.1\r\nHost: loci\r\n\r\n".utf8)

    /// A well-formed redemption for the test server's epoch whose signature does not verify (403).
    static let forged = TokenRedemption(
        tile: TidepoolAPITests.cafeTile, epoch: TestServer.startEpoch, nonce: Data(repeating: 1, count: 32),
        signature: Data(repeating: 2, count: 256))

    /// Sends `bytes` on one new connection and reads `count` answers (Content-Length bodies).
    static func exchange(_ server: TestServer, _ bytes: Data, answers count: Int) throws -> [RawAnswer] {
        let connection = try RawConnection(port: try #require(server.baseURL.port))
        try connection.send(bytes)
        return try connection.read(answers: count)
    }

    /// One HTTP/1.1 connection on a plain socket: what is written is exactly what is sent.
    final class RawConnection {
        private let fd: Int32
        private var buffer = Data()

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0, "connect failed: errno \(errno)")
        }

        deinit { close(fd) }

        func send(_ bytes: Data) throws {
            let sent = bytes.withUnsafeBytes { rawSend(fd, $0.baseAddress, $0.count) }
            try #require(sent == bytes.count)
        }

        /// Reads `count` answers.
        func read(answers count: Int) throws -> [RawAnswer] {
            var answers: [RawAnswer] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while answers.count < count {
                if let (answer, used) = IngestFastPathTests.parse(buffer) {
                    answers.append(answer)
                    buffer.removeFirst(used)
                    continue
                }
                let read = recv(fd, &chunk, chunk.count, 0)
                try #require(read > 0, "connection ended after \(answers.count) of \(count) answers")
                buffer.append(contentsOf: chunk[0..<read])
            }
            return answers
        }
    }

    /// One complete answer at the start of `buffer` and its length, or nil if incomplete.
    static func parse(_ buffer: Data) -> (RawAnswer, Int)? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = end.upperBound
        guard buffer.endIndex - bodyStart >= length else { return nil }
        let body = String(decoding: buffer[bodyStart..<(bodyStart + length)], as: UTF8.self)
        return (RawAnswer(status: status, headers: headers, body: body), bodyStart + length - buffer.startIndex)
    }

    /// The requests of the comparison, for one server: accepted, replayed, forged, unknown
    /// member, not JSON, too large, forged saying `Connection: keep-alive`, and one closing (each
    /// on its own connection, as a client would send them).
    static func cases(_ server: TestServer) async throws -> [RawAnswer] {
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let body = token.redemption(for: TidepoolAPITests.cafeTile).json()
        var withLatitude = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        withLatitude["lat"] = 60.18
        let requests: [Data] = [
            ingest(try JSONSerialization.data(withJSONObject: withLatitude)), ingest(body), ingest(body),
            ingest(forged.json()), ingest(Data("not json".utf8)), ingest(Data(repeating: 0x20, count: 20_000)),
            ingest(forged.json(), headers: "Connection: keep-alive\r\n"),
            ingest(Data("{}".utf8), headers: "Connection: close\r\n"),
        ]
        var answers: [RawAnswer] = []
        for request in requests { answers += try exchange(server, request, answers: 1) }
        return answers
    }

    @Test("the fast path answers every ingest outcome as the router does, and counts the same")
    func sameAnswers() async throws {
        let fast = try await TestServer.start()
        defer { fast.stop() }
        let routed = try await TestServer.start { $0.ingestFastPath = false }
        defer { routed.stop() }
        let fastAnswers = try await Self.cases(fast)
        let routedAnswers = try await Self.cases(routed)
        #expect(fastAnswers.map(\.status) == [400, 202, 409, 403, 400, 413, 403, 400])
        #expect(fastAnswers.map(\.comparable) == routedAnswers.map(\.comparable))
        #expect(fastAnswers.map(\.body) == routedAnswers.map(\.body))
        for answer in fastAnswers {
            #expect(answer.headers["date"]?.hasSuffix(" GMT") == true, "\(answer.headers)")
            #expect(answer.headers["server"] == "loci")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        }
        // The Connection: close request went to the router, which closed the connection after it.
        #expect(fastAnswers.last?.headers["connection"] == routedAnswers.last?.headers["connection"])
        // Same counts for /metrics, except the fast path's own counter: the six plain ingest
        // requests (one saying keep-alive) were answered in the pipeline, the too-large and the
        // closing one by the router.
        let fastMetrics = try await fast.send("GET", "/metrics").text
        let routedMetrics = try await routed.send("GET", "/metrics").text
        #expect(fastMetrics.contains("loci_ingest_fast_path_total 6\n"), "\(fastMetrics)")
        #expect(!routedMetrics.contains("loci_ingest_fast_path_total"))
        func ingestLines(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter {
                $0.hasPrefix("loci_tidepool_ingest_total") || $0.hasPrefix("loci_http_requests_total{route=\"/v1/tidepool/presence\"")
            }
        }
        #expect(ingestLines(fastMetrics) == ingestLines(routedMetrics))
        #expect(!ingestLines(fastMetrics).isEmpty)
        // The accepted report is counted once, on its tile, by either path.
        for server in [fast, routed] {
            server.clock.now = (TestServer.startEpoch + 1) * TestServer.epochSeconds
            try await server.services.engine.tick()
            #expect(
                try await server.store.partialCounts(epoch: TestServer.startEpoch)
                    == [TidepoolAPITests.cafeTile.rawValue: 1])
        }
        // Refusals keep an info line; the accepted one is logged at debug (summed up each minute).
        let lines = fast.logs.lines.filter { $0.contains("/v1/tidepool/presence") }
        #expect(lines.contains { $0.hasPrefix("debug") && $0.contains("status=202") })
        #expect(lines.contains { $0.hasPrefix("info") && $0.contains("status=403") })
        #expect(!lines.contains { $0.hasPrefix("info") && $0.contains("status=202") })
    }

    @Test("pipelined requests are answered in request order, whichever path answers each")
    func pipelinedOrder() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let ingest = Self.ingest(Self.forged.json())
        let notJSON = Self.ingest(Data("[".utf8))
        // Ingest first (answered in the pipeline), a route behind it, and from there on the
        // connection's requests go to the router, ingest included.
        let answers = try Self.exchange(
            server, ingest + Self.health + notJSON + ingest + Self.health + notJSON, answers: 6)
        #expect(answers.map(\.status) == [403, 200, 400, 403, 200, 400])
        #expect(answers[1].body.contains("\"status\":\"ok\""))
        #expect(answers[2].body.contains("invalid_field"))
        #expect(answers[3].body.contains("invalid_signature"))
    }

    /// The `loci_ingest_fast_path_total` value on the server's `/metrics`.
    static func fastPathCount(_ server: TestServer) async throws -> Int? {
        let text = try await server.send("GET", "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix("loci_ingest_fast_path_total ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test("a request sent in pieces is answered once whole; after another route, the router answers")
    func piecesAndHandOver() async throws {
        let server = try await TestServer.start()
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
        #expect(try connection.read(answers: 1).map(\.status) == [403])
        #expect(try await Self.fastPathCount(server) == 1)
        // Another route on the connection: the router answers it and the ingest behind it.
        try connection.send(Self.health + request + request)
        let answers = try connection.read(answers: 3)
        #expect(answers.map(\.status) == [200, 403, 403])
        #expect(answers[2].body.contains("invalid_signature"))
        #expect(try await Self.fastPathCount(server) == 1)
    }

    @Test("hostile ingest framing: chunked bodies, a body cut short, Expect: 100-continue")
    func hostileFraming() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        // A chunked body goes to the router, which reads it like any other.
        let chunked = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n"
                .utf8)
        let first = try Self.exchange(server, chunked + Self.health, answers: 2)
        #expect(first.map(\.status) == [400, 200])
        #expect(first[0].body.contains("unknown_field"))
        // Chunks past the limit: the router answers 413.
        let huge = String(repeating: "x", count: 9_000)
        let big = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nTransfer-Encoding: chunked\r\n\r\n2328\r\n\(huge)\r\n2328\r\n\(huge)\r\n0\r\n\r\n"
                .utf8)
        let second = try Self.exchange(server, big + Self.health, answers: 2)
        #expect(second.map(\.status) == [413, 200])
        // A client that disconnects mid-body leaves nothing behind; the server goes on.
        let cut = Self.ingest(Data(repeating: 0x7B, count: 100)).prefix(120)
        _ = try? Self.exchange(server, Data(cut), answers: 0)
        // Expect: 100-continue is left to the router.
        let expecting = Self.ingest(Data("{}".utf8), headers: "Expect: 100-continue\r\n")
        let third = try Self.exchange(server, expecting + Self.health, answers: 2)
        #expect(third.last?.status == 200)
        let health = try await server.send("GET", "/health")
        #expect(health.status == 200)
    }
}

/// `send(2)` without SIGPIPE (a method named `send` would hide it inside the connection class).
private func rawSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    send(fd, bytes, count, Int32(MSG_NOSIGNAL))
}
