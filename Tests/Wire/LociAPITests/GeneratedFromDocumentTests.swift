import Crypto
import Foundation
import LociTestSupport
import LociAPI
import Testing

/// `Generated/` (here, in TidepoolClient and in LociServer) is what scripts/gen-openapi makes from
/// openapi.yaml as it is now, and it reads requests strictly and answers leniently.
@Suite("LociAPI: generated from openapi.yaml")
struct GeneratedFromDocumentTests {
    /// openapi.yaml at the package root.
    static var document: URL {
        Repository.file("openapi.yaml")
    }

    @Test("Generated/ was made from openapi.yaml as it is (else run scripts/gen-openapi)")
    func digest() throws {
        let document = try Data(contentsOf: Self.document)
        let digest = SHA256.hash(data: document).map { String(format: "%02x", $0) }.joined()
        #expect(digest == GeneratedDocument.sha256, "Generated/ is stale: run scripts/gen-openapi")
    }

    @Test("a request body refuses a member the document does not name, and reads one it names")
    func strictRequests() throws {
        typealias Body = Operations.PostV1AuthRefresh.Input.Body.JsonPayload
        let extra = Data(#"{"refresh_token": "r", "scope": "all"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Body.self, from: extra) }
        let exact = try JSONDecoder().decode(Body.self, from: Data(#"{"refresh_token": "r"}"#.utf8))
        #expect(exact.refreshToken == "r")
    }

    @Test("an answer with a member the document does not name yet still decodes")
    func lenientAnswers() throws {
        let session = Data(
            (#"{"device_id": "d", "access_token": "a", "token_type": "Bearer", "expires_at": 1, "#
                + #""expires_in": 2, "refresh_token": "r", "refresh_expires_at": 3, "refresh_expires_in": 4, "#
                + #""scope": "new"}"#).utf8)
        let decoded = try JSONDecoder().decode(Components.Schemas.Session.self, from: session)
        #expect(decoded.refreshToken == "r")
        #expect(decoded.refreshExpiresIn == 4)
    }

    @Test("error codes are unique snake_case words, and an error answer reads back")
    func errorCodes() throws {
        let raw = Components.Schemas.ErrorCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } })
        #expect(raw.contains("deadline_exceeded"))
        let error = try JSONDecoder().decode(
            Components.Schemas._Error.self, from: Data(#"{"code":"rate_limited","message":"m"}"#.utf8))
        #expect(error.code == .rateLimited)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Components.Schemas._Error.self, from: Data(#"{"code":"no_such_code","message":""}"#.utf8))
        }
    }

    @Test("a required nullable member is written as null, and a request must carry it (null or a value)")
    func nulls() throws {
        let favourite = Components.Schemas.Favourite(id: "f", placeId: "osm:node/1", createdAt: 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(favourite)) as? [String: Any])
        #expect(object["rating"] is NSNull)
        #expect(object["note"] is NSNull)
        let search = Components.Schemas.SearchResult(
            id: "p", category: "cafe", lat: 0, lon: 0, score: 1, match: "name", heat: 0, interest: 0)
        let result = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(search)) as? [String: Any])
        #expect(result["name"] is NSNull)
        #expect(result["distance_m"] is NSNull)
        #expect(result["reason"] == nil, "an optional member that is not required stays absent")
        typealias Rating = Operations.PutV1FavouritesIdRating.Input.Body.JsonPayload
        #expect(try JSONDecoder().decode(Rating.self, from: Data(#"{"rating": null}"#.utf8)).rating == nil)
        #expect(try JSONDecoder().decode(Rating.self, from: Data(#"{"rating": 4}"#.utf8)).rating == 4)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rating.self, from: Data("{}".utf8)) }
        let clear = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Rating(rating: nil))) as? [String: Any]
        #expect(clear?["rating"] is NSNull, "a client clearing a rating sends null, not an empty body")
    }
}
