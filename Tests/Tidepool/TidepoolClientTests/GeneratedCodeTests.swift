import Foundation
import LociAPI
import LociTestSupport
import Testing
import TidepoolTestServer

@testable import TidepoolClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client is generated from the document the server serves: openapi.yaml at the package root
/// is byte for byte the served `/openapi.yaml` (LociAPITests checks that the generated code was
/// made from that file).
@Suite("Tidepool client: generated from the served document")
struct GeneratedCodeTests {
    static var document: URL {
        Repository.file("openapi.yaml")
    }

    @Test("openapi.yaml is the served document (else run scripts/gen-openapi)")
    func documentIsServed() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let (served, _) = try await URLSession(configuration: .ephemeral).data(
            from: server.baseURL.appendingPathComponent("openapi.yaml"))
        let document = try Data(contentsOf: Self.document)
        #expect(served == document)
    }
}

/// Answers are read leniently: a member the document does not name yet (a newer server) is
/// ignored, not a failure (scripts/gen-openapi drops the generated closed-schema checks of answers).
@Suite("Tidepool client: lenient answers")
struct LenientAnswerTests {
    @Test("a search result and a session with members the document does not name still decode")
    func extraMembers() throws {
        let result = Data(
            (#"{"id": "osm:node/1", "name": "Cafe", "category": "cafe", "lat": 60.1, "lon": 24.9, "#
                + #""distance_m": null, "score": 1.5, "match": "name", "heat": 0, "interest": 0, "#
                + #""reason": "matches your interest in coffee"}"#).utf8)
        let decoded = try JSONDecoder().decode(TidepoolSearchResult.self, from: result)
        #expect(decoded.id == "osm:node/1")
        #expect(decoded.score == 1.5)
        let session = Data(
            (#"{"device_id": "d", "access_token": "a", "token_type": "Bearer", "expires_at": 1, "#
                + #""expires_in": 2, "refresh_token": "r", "refresh_expires_at": 3, "refresh_expires_in": 4, "#
                + #""scope": "new"}"#).utf8)
        let decodedSession = try JSONDecoder().decode(Components.Schemas.Session.self, from: session)
        #expect(decodedSession.refreshToken == "r")
    }
}
