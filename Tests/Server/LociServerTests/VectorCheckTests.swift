import Foundation
import LociServer
import Testing

/// An all-zero vector is refused with 400 `invalid_field` naming `vector`, for a profile and
/// for a heat read, instead of being stored or used as if it were personal (finding 9 of
/// issue 32).
@Suite("Vectors with no direction are refused")
struct VectorCheckTests {
    @Test("PUT /v1/profile and POST /v1/tiles/heat with [0, 0, 0]: 400 naming vector; nothing stored")
    func zeroVector() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let profile = try await server.send("PUT", "/v1/profile", json: ["vector": [0, 0, 0]], token: token)
        #expect(profile.status == 400)
        #expect(profile.json["code"] as? String == "invalid_field")
        #expect((profile.json["message"] as? String)?.hasPrefix("vector") == true, "\(profile.text)")
        #expect(try await server.send("GET", "/v1/profile", token: token).status == 404)
        let viewport: [String: Any] = ["south": 60.16, "west": 24.93, "north": 60.18, "east": 24.95]
        var heat = viewport
        heat["vector"] = [0, 0, 0]
        let zero = try await server.send("POST", "/v1/tiles/heat", json: heat)
        #expect(zero.status == 400)
        #expect(zero.json["code"] as? String == "invalid_field")
        heat["vector"] = [0, 1, 0]
        #expect(try await server.send("POST", "/v1/tiles/heat", json: heat).status == 200)
    }
}
