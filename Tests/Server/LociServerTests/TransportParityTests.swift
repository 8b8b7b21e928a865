import Foundation
import Testing

/// The route tests talk to the router in process; the answers they judge must be the ones a
/// client gets over HTTP. The same requests to a server in process and to one on a loopback port
/// answer alike: status, every header but the date's value, and body.
@Suite("In process and over loopback: the same answers")
struct TransportParityTests {
    /// Requests whose answers do not depend on what came before them (no token, no clock).
    static let requests: [(method: String, path: String, raw: Data?)] = [
        ("GET", "/health", nil),
        ("GET", "/", nil),
        ("GET", "/openapi.yaml", nil),
        ("GET", "/v1/privacy", nil),
        ("GET", "/v1/places/search?q=cafe&lat=60.17&lon=24.94", nil),
        ("GET", "/v1/places/osm:node%2F1", nil),
        ("GET", "/v1/places/osm:node%2F999999", nil),
        ("GET", "/v1/places/search?q=cafe&lat=north", nil),
        ("GET", "/v1/tiles/14/9326/4740.png", nil),
        ("GET", "/v1/tiles/base/14/9326/4740.png", nil),
        ("GET", "/v1/nothing-here", nil),
        ("PATCH", "/v1/profile", nil),
        ("GET", "/v1/favourites", nil),
        ("POST", "/v1/auth/anonymous", Data("{".utf8)),
        ("POST", "/v1/auth/anonymous", Data(repeating: 0x20, count: 20_000)),
        ("POST", "/v1/tidepool/presence", Data(#"{"tile_id": 1}"#.utf8)),
        ("DELETE", "/v1/me", nil),
    ]

    /// Each answer as one comparable line: status, headers (the date's value left out: it is
    /// the second it was sent) and body.
    static func answers(_ server: TestServer) async throws -> [String] {
        var lines: [String] = []
        for request in requests {
            let answer = try await server.send(
                request.method, request.path, raw: request.raw,
                contentType: request.raw == nil ? nil : "application/json")
            var headers = answer.headers
            #expect(headers.removeValue(forKey: "date")?.hasSuffix(" GMT") == true, "\(request.path)")
            let fields = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
            let body = answer.body.count > 2_000 ? "\(answer.body.count) bytes, hash \(answer.body.hashValue)" : answer.text
            lines.append("\(request.method) \(request.path) → \(answer.status) [\(fields)] \(body)")
        }
        return lines
    }

    @Test("fixed requests: the same status, headers and body in process as over loopback")
    func sameAnswers() async throws {
        let inProcess = try await TestServer.start(over: .inProcess)
        let loopback = try await TestServer.start(over: .loopback)
        defer { loopback.stop() }
        let here = try await Self.answers(inProcess)
        let there = try await Self.answers(loopback)
        #expect(here.count == Self.requests.count)
        for (mine, theirs) in zip(here, there) { #expect(mine == theirs) }
    }

    @Test("every route's recorded answers (the wire capture) are the same in process as over loopback")
    func sameCapture() async throws {
        let inProcess = try await TestServer.start(over: .inProcess)
        let loopback = try await TestServer.start(over: .loopback)
        defer { loopback.stop() }
        let here = try await WireCaptureTests.record(inProcess)
        let there = try await WireCaptureTests.record(loopback)
        #expect(WireCaptureTests.differences(here, there).isEmpty, "\(WireCaptureTests.differences(here, there))")
    }

    @Test("a server in process has no address, and says how to get one")
    func noAddressInProcess() async throws {
        let server = try await TestServer.start(over: .inProcess)
        #expect(throws: TestServer.NotListening.self) { try server.baseURL }
        let loopback = try await TestServer.start(over: .loopback)
        defer { loopback.stop() }
        #expect(try loopback.baseURL.host == "127.0.0.1")
    }
}
