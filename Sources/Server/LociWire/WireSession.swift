/// `POST /v1/auth/refresh` and `POST /v1/auth/login`: an access token and the refresh token
/// that replaces it, with their lifetimes.
public struct WireSession: Sendable, Equatable, Codable {
    /// The device's id.
    public var deviceID: String
    /// The bearer token (shown once; the server keeps only its hash).
    public var accessToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// When the access token stops working, Unix seconds.
    public var expiresAt: Int64
    /// The access token's lifetime from issue, seconds.
    public var expiresIn: Int64
    /// The refresh token: spent by its first use; presenting it again revokes the session.
    public var refreshToken: String
    /// When the refresh token stops working, Unix seconds.
    public var refreshExpiresAt: Int64
    /// The refresh token's lifetime from issue, seconds.
    public var refreshExpiresIn: Int64

    /// Creates a session answer.
    public init(
        deviceID: String, accessToken: String, tokenType: String = "Bearer", expiresAt: Int64, expiresIn: Int64,
        refreshToken: String, refreshExpiresAt: Int64, refreshExpiresIn: Int64
    ) {
        self.deviceID = deviceID
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.refreshExpiresAt = refreshExpiresAt
        self.refreshExpiresIn = refreshExpiresIn
    }

    enum CodingKeys: String, CodingKey {
        case deviceID = "device_id", accessToken = "access_token", tokenType = "token_type"
        case expiresAt = "expires_at", expiresIn = "expires_in", refreshToken = "refresh_token"
        case refreshExpiresAt = "refresh_expires_at", refreshExpiresIn = "refresh_expires_in"
    }
}

/// `POST /v1/auth/anonymous`: a new anonymous device, its first session (the members of
/// ``WireSession``, at the top level) and its `device_secret`, shown only here: the app keeps it
/// in the Keychain and logs in with it whenever its refresh token is gone.
public struct WireRegistration: Sendable, Equatable, Codable {
    /// The first session.
    public var session: WireSession
    /// The device secret (never expires; deleted with the device).
    public var deviceSecret: String

    /// Creates a registration answer.
    public init(session: WireSession, deviceSecret: String) {
        self.session = session
        self.deviceSecret = deviceSecret
    }

    enum CodingKeys: String, CodingKey { case deviceSecret = "device_secret" }

    /// Reads the session's members and `device_secret` from one object.
    public init(from decoder: any Decoder) throws {
        session = try WireSession(from: decoder)
        deviceSecret = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .deviceSecret)
    }

    /// Writes the session's members and `device_secret` into one object.
    public func encode(to encoder: any Encoder) throws {
        try session.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceSecret, forKey: .deviceSecret)
    }
}

/// `POST /v1/auth/challenge`: a single-use challenge for one App Attest registration.
public struct WireRegistrationChallenge: Sendable, Equatable, Codable {
    /// The challenge; the app attests its key with `clientDataHash` = SHA-256 of its UTF-8 bytes
    /// and sends it back unchanged in the registration.
    public var challenge: String
    /// Unix seconds from which it is refused.
    public var expiresAt: Int64
    /// Seconds it lives from now.
    public var expiresIn: Int64

    /// Creates the answer.
    public init(challenge: String, expiresAt: Int64, expiresIn: Int64) {
        self.challenge = challenge
        self.expiresAt = expiresAt
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case challenge, expiresAt = "expires_at", expiresIn = "expires_in"
    }
}
