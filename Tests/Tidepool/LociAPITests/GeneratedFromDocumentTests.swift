import Crypto
import Foundation
import LociTestSupport
import LociAPI
import LociWire
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

    @Test("the document's ErrorCode enum names exactly the server's error codes")
    func errorCodes() {
        let documented = Components.Schemas.ErrorCode.allCases.map(\.rawValue)
        let served = LociWire.ErrorCode.allCases.map(\.rawValue)
        #expect(Set(documented) == Set(served))
        #expect(documented.count == served.count)
    }
}
