import Foundation
import LociTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StubHTTPServer")
struct StubHTTPServerTests {
    @Test("answers a POST through URLSession and records what was sent")
    func roundTrip() async throws {
        let server = try StubHTTPServer { request in
            if request.path == "/token", request.method == "POST" {
                return .json(#"{"echo":"\#(request.form["code"] ?? "-")"}"#)
            }
            return StubResponse(status: 404, body: Data("no route \(request.path)".utf8))
        }
        defer { server.stop() }
        var post = URLRequest(url: server.baseURL.appendingPathComponent("token"))
        post.httpMethod = "POST"
        post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data("grant_type=authorization_code&code=a%2Bb+c".utf8)
        let (data, response) = try await URLSession.shared.data(for: post)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"echo":"a+b c"}"#)

        let (_, missing) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("nothing"))
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)

        let seen = server.requests
        #expect(seen.count == 2)
        #expect(seen.first?.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(seen.first?.form["grant_type"] == "authorization_code")
        #expect(seen.last?.method == "GET")
    }

    @Test("two servers get different ports; a stopped server refuses connections")
    func stopRefuses() async throws {
        let a = try StubHTTPServer { _ in StubResponse() }
        let b = try StubHTTPServer { _ in StubResponse() }
        #expect(a.port != b.port)
        a.stop()
        b.stop()
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: a.baseURL.appendingPathComponent("x"))
        }
    }

    @Test("servers started and stopped at the same time never answer for each other")
    func noCrossTalk() async throws {
        // A stopped server whose descriptor was freed before its accept loop ended could accept
        // on another server's reused descriptor and answer with the wrong handler.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<25 {
                        let mine = "\(worker)-\(round)"
                        let server = try StubHTTPServer { _ in .json(#"{"server":"\#(mine)"}"#) }
                        let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("x"))
                        server.stop()
                        #expect(String(decoding: data, as: UTF8.self) == #"{"server":"\#(mine)"}"#)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
