import Foundation

/// An access token from Spotify's token endpoint, with its absolute expiry.
public struct SpotifyToken: Sendable, Equatable, Codable {
    /// The bearer token for the Web API.
    public var accessToken: String
    /// The refresh token (Spotify may omit it on refresh; the previous one stays valid then).
    public var refreshToken: String?
    /// Granted scopes, space-separated.
    public var scope: String
    /// When the access token stops working (issue time + `expires_in`).
    public var expiresAt: Date

    /// Creates a token.
    public init(accessToken: String, refreshToken: String?, scope: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.scope = scope
        self.expiresAt = expiresAt
    }

    /// Whether the token is expired at `now`, or will be within `leeway` seconds (default 60: a
    /// request started now should not race the expiry).
    public func isExpired(at now: Date, leeway: TimeInterval = 60) -> Bool {
        now.addingTimeInterval(leeway) >= expiresAt
    }
}

/// What the app must keep between opening the authorisation URL and the redirect.
public struct SpotifyAuthorizationRequest: Sendable, Equatable, Codable {
    /// The URL to open in the browser.
    public var url: URL
    /// The `state` sent; the redirect must carry the same.
    public var state: String
    /// The PKCE verifier, sent with the code exchange.
    public var codeVerifier: String
}
