import Foundation
import LociServer
import Testing

/// Favourites, profile, export and delete through real HTTP.
@Suite("Account API")
struct AccountAPITests {
    @Test("favourites: create, list, rate, delete; another device sees none of them")
    func favourites() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let alice = try await server.register()
        let bob = try await server.register()
        let created = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id, "note": "Friday"], token: alice
        )
        #expect(created.status == 201)
        let id = try #require(created.json["id"] as? String)
        #expect(created.json["place_id"] as? String == TestServer.museum.id)
        #expect(created.json["rating"] is NSNull)
        let duplicate = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id], token: alice)
        #expect(duplicate.status == 409)
        let missing = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": "osm:node/999"], token: alice)
        #expect(missing.status == 404)
        let rated = try await server.send(
            "PUT", "/v1/favourites/\(id)/rating", json: ["rating": 5], token: alice)
        #expect(rated.status == 200)
        #expect(rated.json["rating"] as? Int == 5)
        let badRating = try await server.send(
            "PUT", "/v1/favourites/\(id)/rating", json: ["rating": 9], token: alice)
        #expect(badRating.status == 400)
        let fractional = try await server.send(
            "PUT", "/v1/favourites/\(id)/rating", json: ["rating": 2.5], token: alice)
        #expect(fractional.status == 400)
        let list = try await server.send("GET", "/v1/favourites", token: alice)
        let items = try #require(list.json["favourites"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == [id])
        #expect(items.first?["note"] as? String == "Friday")
        let bobs = try await server.send("GET", "/v1/favourites", token: bob)
        #expect((bobs.json["favourites"] as? [Any])?.isEmpty == true)
        let stolen = try await server.send("DELETE", "/v1/favourites/\(id)", token: bob)
        #expect(stolen.status == 404)
        let deleted = try await server.send("DELETE", "/v1/favourites/\(id)", token: alice)
        #expect(deleted.status == 204)
        let empty = try await server.send("GET", "/v1/favourites", token: alice)
        #expect((empty.json["favourites"] as? [Any])?.isEmpty == true)
    }

    @Test("profile: a vector is kept with model_version client; tags go through the interest model")
    func profile() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let none = try await server.send("GET", "/v1/profile", token: token)
        #expect(none.status == 404)
        // A client vector has the interest model's length (384), kept exactly as sent.
        let sent = [0.25, -0.5, 1] + [Double](repeating: 0.125, count: 381)
        let vector = try await server.send("PUT", "/v1/profile", json: ["vector": sent], token: token)
        #expect(vector.status == 200)
        #expect(vector.json["model_version"] as? String == "client")
        #expect(vector.json["vector"] as? [Double] == sent)
        let tags = try await server.send(
            "PUT", "/v1/profile", json: ["tags": ["jazz", "coffee"], "integrations": ["spotify": "linked"]],
            token: token)
        #expect(tags.json["model_version"] as? String == InterestAPITests.modelVersion)
        #expect(tags.json["dimension"] as? Int == 384)
        #expect(tags.json["tags"] as? [String] == ["jazz", "coffee"])
        let wrong = try await server.send("PUT", "/v1/profile", json: ["vector": ["a"]], token: token)
        #expect(wrong.status == 400)
        #expect((wrong.json["message"] as? String)?.contains("vector[0]") == true)
    }

    @Test("export returns everything stored; delete removes it and the token stops working")
    func exportAndDelete() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        _ = try await server.send("PUT", "/v1/profile", json: ["tags": ["sauna"]], token: token)
        _ = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.cafe.id, "rating": 4], token: token)
        let export = try await server.send("GET", "/v1/me/export", token: token)
        #expect(export.status == 200)
        #expect((export.json["profile"] as? [String: Any])?["tags"] as? [String] == ["sauna"])
        #expect(((export.json["favourites"] as? [[String: Any]])?.first)?["rating"] as? Int == 4)
        let deleted = try await server.send("DELETE", "/v1/me", token: token)
        #expect(deleted.status == 204)
        let after = try await server.send("GET", "/v1/me/export", token: token)
        #expect(after.status == 401)
    }
}
