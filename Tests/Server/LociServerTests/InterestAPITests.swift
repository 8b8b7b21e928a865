import Foundation
import LociServer
import Testing

/// The interest runtime behind profiles and personalised search, through real HTTP.
@Suite("Interest runtime")
struct InterestAPITests {
    /// The bundled model card: sentence-transformers/all-MiniLM-L6-v2, vocabulary 2026.11.1.
    static let modelVersion = "all-MiniLM-L6-v2/f16-centred/vocab-2026.11.1"

    @Test("a profile from tags gets a unit 384-dimension vector and InterestKit's model version")
    func profileFromTags() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let answer = try await server.send(
            "PUT", "/v1/profile", json: ["tags": ["music:jazz", "venue:cafe", "kahvila"]], token: token)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json["model_version"] as? String == Self.modelVersion)
        #expect(answer.json["dimension"] as? Int == 384)
        let vector = try #require(answer.json["vector"] as? [Double])
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(norm - 1) < 1e-3)
        let again = try await server.send("GET", "/v1/profile", token: token)
        #expect(again.json["model_version"] as? String == Self.modelVersion)
    }

    @Test("an unknown tag is a 400 that names it; nothing is saved")
    func unknownTag() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let answer = try await server.send(
            "PUT", "/v1/profile", json: ["tags": ["music:jazz", "zzqx flurbo"]], token: token)
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == "unknown_interest")
        #expect((answer.json["message"] as? String ?? "").contains("tags[1]"))
        #expect(try await server.send("GET", "/v1/profile", token: token).status == 404)
    }

    /// Ateneum (a museum) and Cafe Ekberg (a cafe) are about 500 m and 300 m from the centre;
    /// an art lover should see the museum above the cafe, a coffee lover the cafe above the
    /// museum, with no heat anywhere (interest is the only personal signal).
    @Test("two users with different interests get different orders for the same suggestions")
    func interestsReorder() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let art = try await server.register()
        let coffee = try await server.register()
        #expect(
            try await server.send(
                "PUT", "/v1/profile", json: ["tags": ["culture:modern_art", "culture:museums"]], token: art
            ).status == 200)
        #expect(
            try await server.send(
                "PUT", "/v1/profile", json: ["tags": ["food:coffee", "lifestyle:coffee_culture"]],
                token: coffee
            ).status == 200)
        let path = "/v1/places/suggestions?lat=60.1660&lon=24.9400&radius=3000"
        func order(_ token: String) async throws -> [String] {
            let answer = try await server.send("GET", path, token: token)
            #expect(answer.status == 200)
            #expect(answer.json["personalised"] as? Bool == true)
            #expect(answer.json["model_version"] as? String == Self.modelVersion)
            return (answer.json["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        let artOrder = try await order(art)
        let coffeeOrder = try await order(coffee)
        let museum = TestServer.museum.id
        let ekberg = "osm:node/4"
        let artMuseum = try #require(artOrder.firstIndex(of: museum))
        let artCafe = try #require(artOrder.firstIndex(of: ekberg))
        let coffeeMuseum = try #require(coffeeOrder.firstIndex(of: museum))
        let coffeeCafe = try #require(coffeeOrder.firstIndex(of: ekberg))
        #expect(artMuseum < artCafe, "art lover: \(artOrder)")
        #expect(coffeeCafe < coffeeMuseum, "coffee lover: \(coffeeOrder)")
    }
}
