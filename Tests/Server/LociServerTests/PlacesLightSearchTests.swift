import Foundation
import Testing

/// An anonymous search skips reading full place records (the answer shows only what ranking
/// read); it must answer exactly what a signed-in search without a profile answers.
@Suite("Places API: anonymous search reads less, answers the same")
struct PlacesLightSearchTests {
    @Test("anonymous and signed-in (no profile) searches give identical results", arguments: [
        "cafe", "regatta", "cafe regata", "ateneum", "koulu",
    ])
    func sameAnswers(text: String) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let access = try await server.register()
        let path = "/v1/places/search?q=\(text.replacingOccurrences(of: " ", with: "%20"))&lat=60.17&lon=24.93"
        let anonymous = try await server.send("GET", path)
        let signedIn = try await server.send("GET", path, token: access)
        #expect(anonymous.status == 200)
        #expect(signedIn.status == 200)
        let a = try #require(anonymous.json["results"] as? [[String: Any]])
        let b = try #require(signedIn.json["results"] as? [[String: Any]])
        #expect(!a.isEmpty)
        #expect(
            try JSONSerialization.data(withJSONObject: a, options: [.sortedKeys])
                == JSONSerialization.data(withJSONObject: b, options: [.sortedKeys]))
    }
}
