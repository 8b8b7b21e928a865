import Foundation
import Testing

@Suite("loci interests, run as a process")
struct InterestsCommandTests {
    @Test("canonicalize maps each string to a tag or says unknown, one line each")
    func canonicalize() throws {
        let result = try LociProcess.run("interests", "canonicalize", "Indie Rock", "amenity=cafe", "qwxzptl")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("Indie Rock\tmusic:indie_rock"))
        #expect(lines[1].hasPrefix("amenity=cafe\tvenue:cafe"))
        #expect(lines[2] == "qwxzptl\tunknown")
    }

    @Test("canonicalize marks stems and nearest matches, a nearest one with its similarity")
    func canonicalizeStemsAndNearest() throws {
        let result = try LociProcess.run("interests", "canonicalize", "kayak", "breadmaking", "couponing")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "kayak\tactivity:kayaking\t(stem)")
        #expect(lines[1].hasPrefix("breadmaking\tfood:bread\t(nearest 0."))
        #expect(lines[2] == "couponing\tunknown")
        let json = try LociProcess.run("interests", "canonicalize", "kayak", "breadmaking", "--json")
        let data = try #require(json.stdout.data(using: .utf8))
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["match"] as? String == "stem" && rows[0]["similarity"] == nil)
        #expect(rows[1]["match"] as? String == "nearest")
        #expect((rows[1]["similarity"] as? Double ?? 0) >= 0.6)
    }

    @Test("vector --json gives a unit 384-dim vector, its model version and a 776-byte compact size")
    func vectorJSON() throws {
        let result = try LociProcess.run("interests", "vector", "--tags", "music:jazz:2,venue:cafe", "--json")
        #expect(result.status == 0)
        let json = try result.json()
        let vector = try #require(json["vector"] as? [Double])
        #expect(vector.count == 384)
        #expect(abs(vector.reduce(0) { $0 + $1 * $1 } - 1) < 1e-4)
        #expect((json["encoded_bytes"] as? Int) == 776)
        #expect((json["model_version"] as? String)?.hasPrefix("all-MiniLM-L6-v2/f16-centred/vocab-") == true)
    }

    @Test("similarity --json: a profile is closer to a like-minded one, and the heat weight follows")
    func similarity() throws {
        let near = try LociProcess.run(
            "interests", "similarity", "--a", "music:indie_rock,music:post_punk,venue:record_store",
            "--b", "shoegaze,garage rock:2,indie pop", "--json")
        let far = try LociProcess.run(
            "interests", "similarity", "--a", "music:indie_rock,music:post_punk,venue:record_store",
            "--b", "activity:golf,lifestyle:luxury", "--json")
        #expect(near.status == 0 && far.status == 0)
        let nearCosine = try #require(try near.json()["cosine"] as? Double)
        let farCosine = try #require(try far.json()["cosine"] as? Double)
        #expect(nearCosine > farCosine)
        #expect(
            (try near.json()["heat_weight"] as? Double ?? 0) > (try far.json()["heat_weight"] as? Double ?? 1)
        )
    }

    @Test("an unknown tag is one clear error line and exit status 1")
    func unknownTag() throws {
        let result = try LociProcess.run("interests", "vector", "--tags", "music:not_a_genre")
        #expect(result.status != 0)
        #expect(result.stderr.contains("music:not_a_genre is not a known interest"))
        #expect(result.stdout.isEmpty)
    }
}
