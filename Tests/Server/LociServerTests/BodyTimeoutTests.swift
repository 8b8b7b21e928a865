import Foundation
import Hummingbird
import Testing

@testable import LociServer

/// A body that arrives too slowly, even one that trickles a byte before every idle timeout, is
/// answered 408 when `--body-timeout` has passed since its head, and the connection is closed
/// (finding 7 of issue 32: it used to run to the request deadline's 503).
@Suite("A slow body answers 408")
struct BodyTimeoutTests {
    @Test(
        "a body trickled a byte every 100 ms past a 1 s body timeout: 408 deadline_exceeded, then the connection closes"
    )
    func tricklingBody() async throws {
        // The deadline and the idle timeout stay at the test servers' hour: only the body timeout
        // can answer.
        let server = try await TestServer.start(over: .loopback) { $0.bodyTimeoutSeconds = 1 }
        defer { server.stop() }
        let connection = try RawHTTP.RawConnection(port: try #require(try server.baseURL.port))
        try connection.send(
            Data(
                "POST /v1/identify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"
                    .utf8))
        let trickle = Task.detached {
            // A byte every 100 ms for 1.5 s (the 10,000 bytes declared, under the 16 KiB limit, are
            // never all sent), past the 1 s, then silence: the server's timer answers while a read is
            // waiting whenever it fires. Not trickling on after that: bytes the server has not read
            // when it closes make its kernel reset the connection, and a reader starved by a loaded
            // machine would lose the 408 to the reset (a real client stops sending once answered).
            for _ in 0..<15 {
                guard !Task.isCancelled, connection.sendIfOpen(Data(" ".utf8)) else { return }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { trickle.cancel() }
        let answer = try #require(try await connection.read(answers: 1).first)
        #expect(answer.status == 408)
        #expect(answer.body.contains("\"code\":\"deadline_exceeded\""))
        #expect(answer.body.contains("did not arrive within 1 s"))
        #expect(answer.headers["connection"] == "close")
        #expect(await connection.closesOrResets())
    }

    @Test("a body sent whole is answered as before, and a request without a body is not timed")
    func promptBodies() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.bodyTimeoutSeconds = 1 }
        defer { server.stop() }
        let body = Data(#"{"lat": 91}"#.utf8)
        var request = Data(
            "POST /v1/identify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                .utf8)
        request.append(body)
        let answers = try await RawHTTP.exchange(server, request + RawHTTP.health, answers: 2)
        #expect(answers.map(\.status) == [400, 200])
    }

    @Test("a body read begun after the budget is spent throws the 408, not the 413 of a body too large")
    func readAfterBudget() async throws {
        let timer = BodyTimer(seconds: 1)
        #expect(timer.expire() == false)  // no read was waiting: nothing to cancel
        var request = Request(
            head: HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/v1/identify"),
            body: timer.wrap(RequestBody(buffer: ByteBuffer(string: "{}"))))
        do {
            _ = try await request.collectBody(limit: 16_384)
            Issue.record("the body was read after its budget")
        } catch {
            #expect(error.status == .requestTimeout)
            #expect(error.code == .deadlineExceeded)
        }
    }

    @Test("the default body timeout is 20 s, inside the 30 s request deadline")
    func setting() {
        let configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(configuration.bodyTimeoutSeconds == 20)
        #expect(configuration.bodyTimeoutSeconds < configuration.requestDeadlineSeconds)
        #expect(ServerSetting.all.contains { $0.flag == "body-timeout" })
    }
}

/// A request head trickled a byte inside every idle window is closed at `--header-timeout`
/// (finding 7 of issue 32: the idle timeout alone never fired on it).
@Suite("A slow head is closed")
struct HeaderTimeoutTests {
    @Test(
        "a head trickled a byte every 100 ms past a 1 s header timeout is closed; a prompt one on the next connection is answered"
    )
    func tricklingHead() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.headerTimeoutSeconds = 1 }
        defer { server.stop() }
        let port = try #require(try server.baseURL.port)
        let connection = try RawHTTP.RawConnection(port: port)
        try connection.send(Data("GET /health HTTP/1.1\r\nHost: x\r\n".utf8))
        let trickle = Task.detached {
            // Up to 10 minutes of one header line that never ends.
            for _ in 0..<6_000 {
                guard !Task.isCancelled, connection.sendIfOpen(Data("a".utf8)) else { return }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { trickle.cancel() }
        #expect(await connection.closesOrResets(within: 0))
        let prompt = try RawHTTP.RawConnection(port: port)
        try prompt.send(RawHTTP.health + RawHTTP.health)
        #expect(try await prompt.read(answers: 2).map(\.status) == [200, 200])
    }
}
