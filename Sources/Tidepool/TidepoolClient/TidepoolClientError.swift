import Foundation
import LociAPI

/// What went wrong in a ``TidepoolClient`` call: one case per server error code (the `code` of
/// the OpenAPI document's `Error` schema, with the server's message), plus the failures that never
/// reached a server answer.
///
/// A code this client does not know yet stays ``unknown(status:code:message:)`` with the code and
/// message, so a newer server never turns into an untyped failure.
public enum TidepoolClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400 `missing_field`: a required member or parameter is absent.
    case missingField(message: String)
    /// 400 `invalid_field`: a value outside what the schema allows.
    case invalidField(message: String)
    /// 400 `unknown_field`: a member the schema does not name.
    case unknownField(message: String)
    /// 400 `invalid_parameter`: a query parameter that does not parse.
    case invalidParameter(message: String)
    /// 400 `invalid_json`: the body is not a JSON object.
    case invalidJSON(message: String)
    /// 400 `invalid_multipart`: a multipart body that does not parse.
    case invalidMultipart(message: String)
    /// 413 `body_too_large`.
    case bodyTooLarge(message: String)
    /// 401 `unauthorized`: a missing, unknown or expired access token (the client refreshes once
    /// before it lets this through).
    case unauthorized(message: String)
    /// 401 `refresh_token_reused`: the session's tokens are revoked (the client logs in again
    /// from the device secret before it lets this through).
    case refreshTokenReused(message: String)
    /// 401 `invalid_credentials`: no device with that id and secret; register again.
    case invalidCredentials(message: String)
    /// 403 `attestation_refused`.
    case attestationRefused(message: String)
    /// 404 `not_found`.
    case notFound(message: String)
    /// 409 `conflict`: the resource exists already.
    case conflict(message: String)
    /// 429 `rate_limited`, after the bounded retries; `retryAfter` is the server's
    /// `Retry-After` in seconds.
    case rateLimited(retryAfter: Int?, message: String)
    /// 400 `invalid_tile`.
    case invalidTile(message: String)
    /// 400 `invalid_viewport`.
    case invalidViewport(message: String)
    /// 400 `viewport_too_large`.
    case viewportTooLarge(message: String)
    /// 409 `wrong_epoch`: a token for another epoch than the current one.
    case wrongEpoch(message: String)
    /// 403 `invalid_signature`.
    case invalidSignature(message: String)
    /// 409 `double_spend`: the token was spent before.
    case doubleSpend(message: String)
    /// 409 `already_issued`: this device has its token for the epoch already.
    case alreadyIssued(message: String)
    /// 409 `day_spent`: the device's unit (App Attest key) would hold more than the cap of tokens
    /// for the epochs of some day's worth of consecutive epochs.
    case daySpent(message: String)
    /// `unreadable_photo`.
    case unreadablePhoto(message: String)
    /// `photo_metadata`.
    case photoMetadata(message: String)
    /// 400 `unknown_interest`: an interest tag the model does not know.
    case unknownInterest(message: String)
    /// `building_data`.
    case buildingData(message: String)
    /// 503 `storage`: the server's storage failed (retried within the bound first).
    case storage(message: String)
    /// 405 `method_not_allowed`.
    case methodNotAllowed(message: String)
    /// 400 `bad_request`: refused by the HTTP layer.
    case badRequest(message: String)
    /// 503 `deadline_exceeded`: the server stopped the request at its deadline; retry later.
    case deadlineExceeded(message: String)
    /// `internal`.
    case `internal`(message: String)
    /// A code this client does not know: kept as the server sent it.
    case unknown(status: Int, code: String, message: String)

    /// The server answered a status without the `Error` body (a proxy's 502, say).
    case unexpectedStatus(operation: String, status: Int)
    /// An answer the generated code could not read (a body that is not the document's schema).
    case unexpectedResponse(operation: String, message: String)
    /// No answer: the connection failed (after the bounded retries for a transient failure).
    case transport(operation: String, message: String)
    /// A call that needs a device before ``TidepoolClient/register(attestation:platform:)``.
    case notRegistered
    /// The credential store failed to read or write the session (its error's text).
    case credentials(message: String)
    /// The favourites queue failed to read or write (its error's text).
    case queue(message: String)
    /// The blind token could not be made or checked (`TidepoolTokens.TokenError`'s text).
    case token(message: String)

    /// Maps a server error answer: `code` and `message` from its `Error` body, `status` and
    /// `retryAfter` (seconds) from the response. The codes are the document's `ErrorCode` enum, so
    /// a code added there does not compile here until it has its case.
    public init(status: Int, code: String, message: String, retryAfter: Int? = nil) {
        guard let known = Components.Schemas.ErrorCode(rawValue: code) else {
            self = .unknown(status: status, code: code, message: message)
            return
        }
        switch known {
        case .missingField: self = .missingField(message: message)
        case .invalidField: self = .invalidField(message: message)
        case .unknownField: self = .unknownField(message: message)
        case .invalidParameter: self = .invalidParameter(message: message)
        case .invalidJson: self = .invalidJSON(message: message)
        case .invalidMultipart: self = .invalidMultipart(message: message)
        case .bodyTooLarge: self = .bodyTooLarge(message: message)
        case .unauthorized: self = .unauthorized(message: message)
        case .refreshTokenReused: self = .refreshTokenReused(message: message)
        case .invalidCredentials: self = .invalidCredentials(message: message)
        case .attestationRefused: self = .attestationRefused(message: message)
        case .notFound: self = .notFound(message: message)
        case .conflict: self = .conflict(message: message)
        case .rateLimited: self = .rateLimited(retryAfter: retryAfter, message: message)
        case .invalidTile: self = .invalidTile(message: message)
        case .invalidViewport: self = .invalidViewport(message: message)
        case .viewportTooLarge: self = .viewportTooLarge(message: message)
        case .wrongEpoch: self = .wrongEpoch(message: message)
        case .invalidSignature: self = .invalidSignature(message: message)
        case .doubleSpend: self = .doubleSpend(message: message)
        case .alreadyIssued: self = .alreadyIssued(message: message)
        case .daySpent: self = .daySpent(message: message)
        case .unreadablePhoto: self = .unreadablePhoto(message: message)
        case .photoMetadata: self = .photoMetadata(message: message)
        case .unknownInterest: self = .unknownInterest(message: message)
        case .buildingData: self = .buildingData(message: message)
        case .storage: self = .storage(message: message)
        case .methodNotAllowed: self = .methodNotAllowed(message: message)
        case .badRequest: self = .badRequest(message: message)
        case .deadlineExceeded: self = .deadlineExceeded(message: message)
        case ._internal: self = .internal(message: message)
        }
    }

    /// The server's error code, when the server answered with one.
    public var code: String? {
        if case .unknown(_, let code, _) = self { return code }
        return errorCode?.rawValue
    }

    /// The document's code of a known server error answer.
    private var errorCode: Components.Schemas.ErrorCode? {
        switch self {
        case .missingField: .missingField
        case .invalidField: .invalidField
        case .unknownField: .unknownField
        case .invalidParameter: .invalidParameter
        case .invalidJSON: .invalidJson
        case .invalidMultipart: .invalidMultipart
        case .bodyTooLarge: .bodyTooLarge
        case .unauthorized: .unauthorized
        case .refreshTokenReused: .refreshTokenReused
        case .invalidCredentials: .invalidCredentials
        case .attestationRefused: .attestationRefused
        case .notFound: .notFound
        case .conflict: .conflict
        case .rateLimited: .rateLimited
        case .invalidTile: .invalidTile
        case .invalidViewport: .invalidViewport
        case .viewportTooLarge: .viewportTooLarge
        case .wrongEpoch: .wrongEpoch
        case .invalidSignature: .invalidSignature
        case .doubleSpend: .doubleSpend
        case .alreadyIssued: .alreadyIssued
        case .daySpent: .daySpent
        case .unreadablePhoto: .unreadablePhoto
        case .photoMetadata: .photoMetadata
        case .unknownInterest: .unknownInterest
        case .buildingData: .buildingData
        case .storage: .storage
        case .methodNotAllowed: .methodNotAllowed
        case .badRequest: .badRequest
        case .deadlineExceeded: .deadlineExceeded
        case .internal: ._internal
        case .unknown, .unexpectedStatus, .unexpectedResponse, .transport, .notRegistered, .token, .credentials, .queue:
            nil
        }
    }

    /// True for a failure that never reached the server (offline, refused connection): what
    /// the favourites queue waits out.
    public var isTransport: Bool {
        if case .transport = self { return true }
        return false
    }

    /// `"<code>: <message>"`, or what failed where.
    public var description: String {
        switch self {
        case .unknown(let status, let code, let message): return "\(status) \(code): \(message)"
        case .unexpectedStatus(let operation, let status):
            return "\(operation) answered \(status) without an error body"
        case .unexpectedResponse(let operation, let message):
            return "\(operation): unreadable answer (\(message))"
        case .transport(let operation, let message): return "\(operation): no answer (\(message))"
        case .notRegistered: return "the device is not registered (call register first)"
        case .token(let message): return "blind token: \(message)"
        case .credentials(let message): return "credential store: \(message)"
        case .queue(let message): return "favourites queue: \(message)"
        default: return "\(code ?? "?"): \(serverMessage ?? "")"
        }
    }

    /// The server's message, when the server answered with one.
    var serverMessage: String? {
        switch self {
        case .missingField(let m), .invalidField(let m), .unknownField(let m), .invalidParameter(let m),
            .invalidJSON(let m), .invalidMultipart(let m), .bodyTooLarge(let m), .unauthorized(let m),
            .refreshTokenReused(let m), .invalidCredentials(let m), .attestationRefused(let m),
            .notFound(let m),
            .conflict(let m), .rateLimited(_, let m), .invalidTile(let m), .invalidViewport(let m),
            .viewportTooLarge(let m), .wrongEpoch(let m), .invalidSignature(let m), .doubleSpend(let m),
            .alreadyIssued(let m), .daySpent(let m), .unreadablePhoto(let m), .photoMetadata(let m), .unknownInterest(let m),
            .buildingData(let m), .storage(let m), .methodNotAllowed(let m), .badRequest(let m),
            .deadlineExceeded(let m), .internal(let m),
            .unknown(_, _, let m):
            return m
        case .unexpectedStatus, .unexpectedResponse, .transport, .notRegistered, .token, .credentials, .queue:
            return nil
        }
    }
}
