import Foundation
import LociAPI
import Testing
import TidepoolTokens

@testable import LociServer

/// `APIError+Mapping.swift`: the generated decoders' refusals become the answers the hand-written
/// routes gave (code by the error's type, message naming the member).
@Suite("Error mapping: refusals of the generated decoders")
struct APIErrorMappingTests {
    typealias Body = Operations.PostV1TidepoolTokens.Input.Body.JsonPayload

    /// The answer to `json` as a tokens body, or nil when it decodes.
    static func refusal(_ json: String) -> (ErrorCode, String)? {
        do {
            _ = try JSONDecoder().decode(Body.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            let answer = APIError(
                decoding: error, members: APIError.members[Operations.PostV1TidepoolTokens.id] ?? [])
            return (answer.code, answer.message)
        } catch {
            return (._internal, "\(error)")
        }
    }

    @Test(
        "not JSON, not an object, an unknown, a missing, a null and a mistyped member each have their code and name the member"
    )
    func bodyRefusals() throws {
        #expect(Self.refusal("{") ?? (.conflict, "") == (.invalidJson, "the body is not valid JSON"))
        #expect(Self.refusal("[1]") ?? (.conflict, "") == (.invalidJson, "the body must be a JSON object"))
        #expect(
            Self.refusal(#"{"epoch": 1, "blinded_message": "AA==", "x": 1}"#) ?? (.conflict, "")
                == (.unknownField, #"unknown member "x"; allowed: blinded_message, epoch"#))
        #expect(
            Self.refusal(#"{"epoch": 1}"#) ?? (.conflict, "") == (
                .missingField, "blinded_message is required"
            ))
        #expect(
            Self.refusal(#"{"epoch": 1, "blinded_message": null}"#) ?? (.conflict, "")
                == (.missingField, "blinded_message is required"))
        #expect(
            Self.refusal(#"{"epoch": "now", "blinded_message": "AA=="}"#) ?? (.conflict, "")
                == (.invalidField, "epoch must be an integer"))
        #expect(Self.refusal(#"{"epoch": 1, "blinded_message": "AA=="}"#) == nil)
    }

    /// The refusal of `json` as an ingest body, in ingest's words, or nil when it decodes.
    static func token(_ json: String) -> TokenError? {
        do {
            _ = try JSONDecoder().decode(
                Operations.PostV1TidepoolPresence.Input.Body.JsonPayload.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            return TokenError(decoding: error)
        } catch {
            return .cryptography(operation: "decode", reason: "\(error)")
        }
    }

    @Test("an ingest body keeps ingest's own words, and any other error says no more than internal")
    func ingestAndOthers() throws {
        let body = #""tile_id": "aaaaaaaaaaaaa", "epoch": 1, "nonce": "AA==", "signature": "AA==""#
        #expect(Self.token("{\(body), \"lat\": 60}") == .unknownMember("lat"))
        #expect(
            Self.token(#"{"tile_id": "aaaaaaaaaaaaa", "epoch": 1, "signature": "AA=="}"#)
                == .malformed(field: "nonce", reason: "missing"))
        #expect(
            Self.token(#"{"tile_id": "aaaaaaaaaaaaa", "epoch": "x", "nonce": "AA==", "signature": "AA=="}"#)
                == .malformed(field: "epoch", reason: "must be an integer"))
        #expect(Self.token("{\(body)}") == nil)
        struct Other: Error {}
        let answer = APIError(answering: Other())
        #expect(answer.status == .internalServerError)
        #expect(answer.code == ._internal)
        #expect(answer.message == "internal error")
    }
}
