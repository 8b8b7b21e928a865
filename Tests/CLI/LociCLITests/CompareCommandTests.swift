import Foundation
import LociTestSupport
import Testing

@Suite("loci compare, run as a process against a Google stub")
struct CompareCommandTests {
    static let answer = #"""
        {"places": [
          {"id": "ChIJ1", "displayName": {"text": "Café Regatta"}, "location": {"latitude": 60.1761, "longitude": 24.9105},
           "types": ["cafe", "food"], "primaryType": "cafe"},
          {"id": "ChIJ2", "displayName": {"text": "Regatta Bar"}, "location": {"latitude": 60.1800, "longitude": 24.9200},
           "types": ["bar"]}
        ]}
        """#

    @Test("google's column comes from the stub, with the key from the environment")
    func googleColumn() throws {
        let server = try StubHTTPServer { _ in .json(Self.answer) }
        defer { server.stop() }
        let result = try LociProcess.run(
            [
                "compare", "regatta", "--near", "60.1699,24.9384", "--providers", "google",
                "--google-base-url",
                server.baseURL.absoluteString, "--json",
            ],
            environment: ["GOOGLE_MAPS_API_KEY": "cli-key"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.count == 1)
        let google = try #require(providers.first)
        #expect(google["provider"] as? String == "google")
        #expect(google["error"] is NSNull, "a column that answered has error null, not left out")
        let rows = try #require(google["results"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Café Regatta", "Regatta Bar"])
        #expect(rows.map { $0["category"] as? String } == ["cafe", "bar"])
        #expect(rows.first?["id"] as? String == "google:ChIJ1")
        // Haversine from (60.1699, 24.9384) to (60.1761, 24.9105), by hand: Δlat 0.0062° ≈ 689 m
        // north, Δlon 0.0279° × cos 60.17° ≈ 1 543 m west, so ≈ 1 690 m (Python's haversine: 1 690.06).
        let distance = try #require(rows.first?["distance_m"] as? Double)
        #expect(abs(distance - 1_690.1) < 0.2)
        let request = try #require(server.requests.first)
        #expect(request.headers["x-goog-api-key"] == "cli-key")
        #expect(request.path == "/v1/places:searchText")
    }

    @Test("without a key the google column says which variable to set")
    func missingKey() throws {
        let result = try LociProcess.run(
            ["compare", "regatta", "--near", "60.1699,24.9384", "--providers", "google"],
            environment: ["GOOGLE_MAPS_API_KEY": nil])
        #expect(result.status != 0)
        #expect(result.stdout.contains("unavailable"))
        #expect(result.stderr.contains("GOOGLE_MAPS_API_KEY"))
    }

    @Test("an unknown provider is refused by name")
    func unknownProvider() throws {
        let result = try LociProcess.run(["compare", "x", "--near", "60,24", "--providers", "local,bing"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("bing"))
    }
}
