import Foundation
import LociServer
import Testing

/// A vector of the wrong length or with no direction is refused with 400 `invalid_field` naming
/// `vector`, for a profile and for a heat read, instead of being stored or used as if it were
/// personal (finding 9 of issue 32).
@Suite("Vectors of the wrong length or with no direction are refused")
struct VectorCheckTests {
    @Test("PUT /v1/profile and POST /v1/tiles/heat with all zeros: 400 naming vector; nothing stored")
    func zeroVector() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        let zeros = [Double](repeating: 0, count: server.services.interest.dimension)
        let profile = try await server.send("PUT", "/v1/profile", json: ["vector": zeros], token: token)
        #expect(profile.status == 400)
        #expect(profile.json["code"] as? String == "invalid_field")
        #expect((profile.json["message"] as? String)?.hasPrefix("vector is all zeros") == true, "\(profile.text)")
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

    @Test("PUT /v1/profile with a vector not the interest model's length: 400 naming both lengths; nothing stored")
    func profileDimension() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let dimension = server.services.interest.dimension
        #expect(dimension > 2)
        let token = try await server.register()
        for length in [1, 2, dimension - 1, dimension + 1] {
            let vector = [Double](repeating: 0.5, count: length)
            let answer = try await server.send("PUT", "/v1/profile", json: ["vector": vector], token: token)
            #expect(answer.status == 400, "\(length): \(answer.text)")
            #expect(answer.json["code"] as? String == "invalid_field")
            let message = answer.json["message"] as? String ?? ""
            #expect(message.hasPrefix("vector has \(length) value"), "\(message)")
            #expect(message.contains("\(dimension)"), "\(message)")
        }
        #expect(try await server.send("GET", "/v1/profile", token: token).status == 404)
        let right = [Double](repeating: 0.5, count: dimension)
        let saved = try await server.send("PUT", "/v1/profile", json: ["vector": right], token: token)
        #expect(saved.status == 200, "\(saved.text)")
        #expect((saved.json["vector"] as? [Double])?.count == dimension)
    }

    @Test("POST /v1/tiles/heat with a viewer not the facet codebook's length: 400; its length: 200")
    func heatDimension() async throws {
        let server = try await TestServer.start { $0.facetCodebook = HeatAPITests.codebook }
        defer { server.stop() }
        var heat: [String: Any] = ["south": 60.16, "west": 24.93, "north": 60.18, "east": 24.95]
        heat["vector"] = [1, 0]
        let short = try await server.send("POST", "/v1/tiles/heat", json: heat)
        #expect(short.status == 400)
        #expect(short.json["code"] as? String == "invalid_field")
        #expect((short.json["message"] as? String)?.contains("has 2 values; this server's interest vectors have 3") == true)
        heat["vector"] = [1, 0, 0]
        #expect(try await server.send("POST", "/v1/tiles/heat", json: heat).status == 200)
    }
}
