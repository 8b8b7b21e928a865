import Foundation
import LociServer
import Testing

/// An operation whose `security` in openapi.yaml requires a bearer token refuses a caller
/// without one (401) before its body is read, whatever the body holds, as the hand-written
/// routes did; with a token, the body's refusal is what answers.
@Suite("Authentication before the body")
struct AuthenticationOrderTests {
    @Test("no token and a bad, missing or oversized body: 401 on every route that requires a token")
    func unauthenticatedFirst() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let oversized = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
        let routes: [(String, String)] = [
            ("POST", "/v1/favourites"), ("PUT", "/v1/favourites/osm:node%2F1/rating"), ("PUT", "/v1/profile"),
            ("POST", "/v1/tidepool/tokens"),
        ]
        for (method, path) in routes {
            for body in [Data(), Data("{\"nope\": 1}".utf8), Data("not json".utf8), oversized] {
                let answer = try await server.send(method, path, raw: body, contentType: "application/json")
                #expect(answer.status == 401, "\(method) \(path) with \(body.count) bytes: \(answer.text)")
                #expect(answer.json["code"] as? String == "unauthorized")
            }
        }
        for (method, path) in [("GET", "/v1/favourites"), ("DELETE", "/v1/me"), ("GET", "/v1/me/export")] {
            let answer = try await server.send(method, path)
            #expect(answer.status == 401, "\(method) \(path)")
        }
    }

    @Test("with a token, the body's refusal answers, and the handler sees the same device")
    func authenticatedBody() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let unknown = try await server.send("POST", "/v1/favourites", json: ["nope": 1], token: token)
        #expect(unknown.status == 400)
        #expect(unknown.json["code"] as? String == "unknown_field")
        let saved = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id], token: token)
        #expect(saved.status == 201)
        let list = try await server.send("GET", "/v1/favourites", token: token)
        #expect((list.json["favourites"] as? [[String: Any]])?.first?["place_id"] as? String == TestServer.museum.id)
    }
}
