import Foundation
import GeoKit
import LociServer
import PlaceKit
import PlaceStore
import Testing

/// Favourites feeding the profile, and personalised results saying why, through real HTTP.
@Suite("The profile learns, and search says why")
struct ProfileLearningAPITests {
    /// A plain bar (more important, so first in the plain order), a jazz bar and a cafe.
    static func writePlaces(to path: String) throws {
        let writer = try PlaceStoreWriter(path: path)
        func place(
            _ id: Int64, _ name: String, _ category: String, importance: Double, tags: [String: String] = [:]
        )
            -> Place
        {
            Place(
                id: PlaceID(osm: .node, id: id), name: name, category: category,
                coordinate: Coordinate(uncheckedLatitude: 60.1690 + Double(id) / 10_000, longitude: 24.9400),
                importance: importance, tags: ["amenity": category].merging(tags) { $1 })
        }
        try writer.insert([
            place(11, "Corner Bar", "bar", importance: 0.9),
            place(12, "Storyville Bar", "bar", importance: 0.3, tags: ["music:genre": "jazz"]),
            place(13, "Kahvila Bar Cafe", "cafe", importance: 0.5),
        ])
        try writer.finish()
    }

    static func cosine(_ a: [Double], _ b: [Double]) -> Double {
        let dot = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        let na = a.reduce(0) { $0 + $1 * $1 }.squareRoot()
        let nb = b.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return na > 0 && nb > 0 ? dot / (na * nb) : 0
    }

    @Test(
        "a jazz profile searching bar gets the jazz bar first with a jazz reason; an anonymous search no reason"
    )
    func searchSaysWhy() async throws {
        let server = try await TestServer.start(writePlaces: Self.writePlaces(to:))
        defer { server.stop() }
        let path = "/v1/places/search?q=bar&lat=60.1700&lon=24.9400&radius=2000"
        let anonymous = try await server.send("GET", path)
        #expect(anonymous.status == 200)
        let plain = anonymous.json["results"] as? [[String: Any]] ?? []
        #expect(plain.first?["id"] as? String == "osm:node/11", "\(anonymous.text)")
        #expect(plain.allSatisfy { $0["reason"] == nil })

        let token = try await server.register()
        #expect(
            try await server.send("PUT", "/v1/profile", json: ["tags": ["jazz"]], token: token).status == 200)
        let answer = try await server.send("GET", path, token: token)
        #expect(answer.status == 200)
        #expect(answer.json["personalised"] as? Bool == true)
        let results = answer.json["results"] as? [[String: Any]] ?? []
        #expect(results.first?["id"] as? String == "osm:node/12", "\(answer.text)")
        #expect(results.first?["reason"] as? String == "matches your interest in jazz music")
    }

    @Test(
        "a 5 ★ favourite moves the profile towards its place, the export shows the signal, deleting it restores"
    )
    func favouritesFeedTheProfile() async throws {
        let server = try await TestServer.start(writePlaces: Self.writePlaces(to:))
        defer { server.stop() }
        let jazzFan = try await server.register()
        let jazz = try #require(
            try await server.send("PUT", "/v1/profile", json: ["tags": ["music:jazz"]], token: jazzFan).json[
                "vector"]
                as? [Double])
        let token = try await server.register()
        let declared = try await server.send(
            "PUT", "/v1/profile", json: ["tags": ["venue:cafe"]], token: token)
        let before = try #require(declared.json["vector"] as? [Double])
        let created = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": "osm:node/12", "rating": 5], token: token)
        #expect(created.status == 201)
        let learned = try #require(
            try await server.send("GET", "/v1/profile", token: token).json["vector"] as? [Double])
        #expect(Self.cosine(learned, jazz) > Self.cosine(before, jazz) + 0.05)

        let export = try await server.send("GET", "/v1/me/export", token: token)
        let profile = try #require(export.json["profile"] as? [String: Any])
        let signals = try #require(profile["signals"] as? [[String: Any]])
        #expect(
            signals.contains {
                $0["tag"] as? String == "music:jazz" && $0["source"] as? String == "favourites"
            })
        #expect(try await server.send("GET", "/v1/profile", token: token).json["signals"] == nil)

        let id = try #require(created.json["id"] as? String)
        #expect(try await server.send("DELETE", "/v1/favourites/\(id)", token: token).status == 204)
        let restored = try #require(
            try await server.send("GET", "/v1/profile", token: token).json["vector"] as? [Double])
        #expect(zip(restored, before).allSatisfy { abs($0 - $1) < 1e-5 })
    }
}
