import Foundation
import LociServer
import Testing

/// Connections that hold a socket without finishing a request are closed after the idle
/// timeout (finding 7 of issue 32): silent, a header cut short, idle keep-alive, a stalled body.
@Suite("Idle connections are closed")
struct ConnectionLimitTests {
    @Test("silent, half-header, idle keep-alive and stalled-body connections are closed; a live one is answered")
    func idleConnectionsClose() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.idleTimeoutSeconds = 0.5 }
        defer { server.stop() }
        let port = try #require(try server.baseURL.port)

        let silent = try RawHTTP.RawConnection(port: port)
        let halfHeader = try RawHTTP.RawConnection(port: port)
        try halfHeader.send(Data("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow".utf8))
        let keepAlive = try RawHTTP.RawConnection(port: port)
        try keepAlive.send(Data("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let answered = try await keepAlive.read(answers: 1)
        #expect(answered.first?.status == 200)
        let stalledBody = try RawHTTP.RawConnection(port: port)
        try stalledBody.send(
            Data("POST /v1/identify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{".utf8))

        // `ended()` waits up to the socket's 10 s read timeout: a connection still open then is
        // one the server kept.
        #expect(await silent.ended())
        #expect(await halfHeader.ended())
        #expect(await keepAlive.ended())
        #expect(await stalledBody.ended())
    }

    @Test("the default idle timeout is 30 s, and the setting refuses 0")
    func setting() throws {
        #expect(ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/tmp")).idleTimeoutSeconds == 30)
        #expect(ServerSetting.all.contains { $0.flag == "idle-timeout" })
    }
}

/// After answering 413 the server stops reading the connection instead of draining the rest of
/// an oversized body (finding 7 of issue 32).
@Suite("An oversized body is not read past its 413")
struct BodyLimitTests {
    @Test("a 10 MB declared body: 413, then the server closes the connection")
    func closesAfterTooLarge() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let connection = try RawHTTP.RawConnection(port: try #require(try server.baseURL.port))
        try connection.send(
            Data(
                "POST /v1/tidepool/presence HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"
                    .utf8))
        let answers = try await connection.read(answers: 1)
        #expect(answers.first?.status == 413)
        // What follows the 413 (Hummingbird answers the body cut short with a 400) is small:
        // the connection then ends instead of reading 10 MB.
        #expect(await connection.closesOrResets())
    }
}
