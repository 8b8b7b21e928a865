/// The stable machine codes of error answers: clients branch on them, so they never change
/// meaning. The HTTP status that goes with each is chosen by the server (`APIError`).
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    /// A required member or parameter is absent.
    case missingField = "missing_field"
    /// A member or parameter has a value outside what the schema allows.
    case invalidField = "invalid_field"
    /// A member the schema does not name (misspellings are refused, not ignored).
    case unknownField = "unknown_field"
    /// A query parameter that does not parse.
    case invalidParameter = "invalid_parameter"
    /// The body is not JSON, or not an object.
    case invalidJSON = "invalid_json"
    /// A `multipart/form-data` body that does not parse.
    case invalidMultipart = "invalid_multipart"
    /// The body is larger than the route accepts.
    case bodyTooLarge = "body_too_large"
    /// A missing, unknown or expired access token.
    case unauthorized
    /// A refresh token spent before was presented: every token of its session is revoked now;
    /// log in again with the device secret.
    case refreshTokenReused = "refresh_token_reused"
    /// No device with that id and secret (`POST /v1/auth/login`).
    case invalidCredentials = "invalid_credentials"
    /// The device attestation was refused.
    case attestationRefused = "attestation_refused"
    /// The resource does not exist (or is someone else's).
    case notFound = "not_found"
    /// The resource exists already.
    case conflict
    /// Too many requests; `Retry-After` says when to come back.
    case rateLimited = "rate_limited"
    /// A tile id that does not parse or is not a base tile.
    case invalidTile = "invalid_tile"
    /// A heat viewport that is not a valid box.
    case invalidViewport = "invalid_viewport"
    /// A heat viewport larger than allowed.
    case viewportTooLarge = "viewport_too_large"
    /// A token for another epoch than the current one.
    case wrongEpoch = "wrong_epoch"
    /// A token whose signature does not verify.
    case invalidSignature = "invalid_signature"
    /// A token spent before.
    case doubleSpend = "double_spend"
    /// The device already has a token for this epoch.
    case alreadyIssued = "already_issued"
    /// The device already took its tokens for this UTC day (the daily contribution cap).
    case daySpent = "day_spent"
    /// The photo could not be read.
    case unreadablePhoto = "unreadable_photo"
    /// The photo's metadata lacks what identification needs.
    case photoMetadata = "photo_metadata"
    /// An interest tag the model does not know.
    case unknownInterest = "unknown_interest"
    /// The building data could not be read.
    case buildingData = "building_data"
    /// The server's storage failed; retry later.
    case storage
    /// The route exists, but not for this method.
    case methodNotAllowed = "method_not_allowed"
    /// A request the HTTP layer refused before any route read it.
    case badRequest = "bad_request"
    /// Anything else (the message says no more).
    case `internal`
}

/// An error as every JSON surface writes it: `{"code": "...", "message": "..."}`.
public struct WireError: Sendable, Equatable, Codable, Error {
    /// The stable code.
    public var code: ErrorCode
    /// What was wrong, naming the field or resource.
    public var message: String

    /// Creates an error.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
