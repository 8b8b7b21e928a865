import Foundation
import LociServer
import Testing

/// NUL and other control characters in text a client sends are refused with 400
/// `invalid_field` naming the field, not stored cut short (finding 6 of issue 32).
@Suite("Control characters in text fields")
struct ControlCharacterTests {
    @Test("a note or place_id with NUL is 400 naming the field, and nothing is stored")
    func favourites() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let cases: [([String: Any], String)] = [
            (["place_id": TestServer.museum.id, "note": "a\u{0}b"], "note"),
            (["place_id": TestServer.museum.id, "note": "bell\u{7}"], "note"),
            (["place_id": TestServer.museum.id + "\u{0}junk"], "place_id"),
            (["place_id": TestServer.museum.id + "\u{1B}[2J"], "place_id"),
        ]
        for (body, field) in cases {
            let answer = try await server.send("POST", "/v1/favourites", json: body, token: token)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.json["code"] as? String == "invalid_field")
            #expect((answer.json["message"] as? String)?.hasPrefix(field) == true, "\(answer.text)")
        }
        let list = try await server.send("GET", "/v1/favourites", token: token)
        #expect((list.json["favourites"] as? [Any])?.isEmpty == true)
        let multiline = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id, "note": "line one\nline two\tend"],
            token: token)
        #expect(multiline.status == 201)
        #expect(multiline.json["note"] as? String == "line one\nline two\tend")
    }

    @Test("GET /v1/places/<id>%00junk is 400, not the truncated id's place")
    func placePath() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let plain = try await server.send("GET", "/v1/places/\(TestServer.museum.id.replacingOccurrences(of: "/", with: "%2F"))")
        #expect(plain.status == 200)
        for suffix in ["%00junk", "%00", "%01x", "%7F"] {
            let answer = try await server.send("GET", "/v1/places/\(TestServer.museum.id.replacingOccurrences(of: "/", with: "%2F"))\(suffix)")
            #expect(answer.status == 400, "\(suffix)")
            #expect(answer.json["code"] as? String == "invalid_field")
        }
    }

    /// A usable client vector (the interest model's 384 values), so the refusal is the text's.
    static let vector = [Double](repeating: 0.5, count: 384)

    @Test("a profile tag or integration with a control character is 400 naming it")
    func profile() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let tag = try await server.send(
            "PUT", "/v1/profile", json: ["tags": ["coffee", "jazz\u{0}x"], "vector": Self.vector], token: token)
        #expect(tag.status == 400)
        #expect(tag.json["code"] as? String == "invalid_field")
        #expect((tag.json["message"] as? String)?.hasPrefix("tags[1]") == true, "\(tag.text)")
        let state = try await server.send(
            "PUT", "/v1/profile", json: ["vector": Self.vector, "integrations": ["spotify": "linked\u{0}"]],
            token: token)
        #expect(state.status == 400)
        #expect((state.json["message"] as? String)?.hasPrefix("integrations.spotify") == true, "\(state.text)")
        let none = try await server.send("GET", "/v1/profile", token: token)
        #expect(none.status == 404)
    }
}
