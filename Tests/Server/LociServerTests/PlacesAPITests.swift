import Foundation
import LociServer
import Testing

/// Search, suggestions and details through real HTTP.
@Suite("Places API")
struct PlacesAPITests {
    @Test("without heat or a profile, search is the plain search and says why")
    func fallback() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let answer = try await server.send("GET", "/v1/places/search?q=ateneum&lat=60.17&lon=24.94")
        #expect(answer.status == 200)
        #expect(answer.json["personalised"] as? Bool == false)
        #expect(answer.json["fallback_reason"] is String)
        // The bundled model card: sentence-transformers/all-MiniLM-L6-v2, vocabulary 2026.11.1.
        #expect(answer.json["model_version"] as? String == "all-MiniLM-L6-v2/f16-centred/vocab-2026.11.1")
        let results = try #require(answer.json["results"] as? [[String: Any]])
        #expect(results.first?["id"] as? String == TestServer.museum.id)
    }

    @Test("with released heat on one cafe, it rises above the other cafe and carries its heat")
    func heatLifts() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        // Centre nearer Cafe Ekberg, so the plain order puts Ekberg first.
        let path = "/v1/places/search?q=cafe&lat=60.1640&lon=24.9380&radius=5000"
        let plain = try await server.send("GET", path)
        let plainIDs = (plain.json["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(plainIDs.first == "osm:node/4")
        _ = try await HeatAPITests.publish(server)  // heat on Cafe Regatta's tile only
        let answer = try await server.send("GET", path)
        #expect(answer.json["personalised"] as? Bool == true)
        let results = try #require(answer.json["results"] as? [[String: Any]])
        let regatta = try #require(results.first { $0["id"] as? String == TestServer.cafe.id })
        let ekberg = try #require(results.first { $0["id"] as? String == "osm:node/4" })
        // Heat is the tile's intensity over the cap: 0.0883760 / 0.85.
        #expect(abs((regatta["heat"] as? Double ?? 0) - 0.08837604332158454 / 0.85) < 1e-6)
        #expect(ekberg["heat"] as? Double == 0)
    }

    @Test("details by percent-encoded id; unknown ids are 404, malformed ones 400")
    func details() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let answer = try await server.send("GET", "/v1/places/osm:node%2F2")
        #expect(answer.status == 200)
        #expect(answer.json["name"] as? String == "Ateneum")
        #expect(answer.json["category"] as? String == "museum")
        #expect(try await server.send("GET", "/v1/places/osm:node%2F77").status == 404)
        #expect(try await server.send("GET", "/v1/places/nothing").status == 400)
    }

    @Test("suggestions need a centre; search needs q")
    func requiredParameters() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        #expect(try await server.send("GET", "/v1/places/suggestions").status == 400)
        #expect(try await server.send("GET", "/v1/places/search?lat=60").status == 400)
        let suggestions = try await server.send(
            "GET", "/v1/places/suggestions?lat=60.17&lon=24.94&radius=3000")
        #expect(suggestions.status == 200)
        #expect((suggestions.json["results"] as? [Any])?.isEmpty == false)
    }
}
