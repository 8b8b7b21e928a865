import Foundation

/// The hashes and expiries of one access token and one refresh token, issued together.
///
/// Only SHA-256 hashes reach the store; the tokens themselves are shown to the device once.
public struct SessionTokens: Sendable, Equatable {
    /// SHA-256 of the bearer access token.
    public var accessHash: Data
    /// When the access token stops working, Unix seconds (exclusive).
    public var accessExpiresAt: Int64
    /// SHA-256 of the refresh token.
    public var refreshHash: Data
    /// When the refresh token stops working, Unix seconds (exclusive).
    public var refreshExpiresAt: Int64

    /// Creates a pair.
    public init(accessHash: Data, accessExpiresAt: Int64, refreshHash: Data, refreshExpiresAt: Int64) {
        self.accessHash = accessHash
        self.accessExpiresAt = accessExpiresAt
        self.refreshHash = refreshHash
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// A new session family: one login (or registration) of a device and its first token pair.
///
/// Every pair a refresh makes joins the family of the refresh token it spent, so a replayed
/// refresh token can revoke everything that descended from the same login.
public struct NewSession: Sendable, Equatable {
    /// Random id of the family, chosen by the caller.
    public var familyID: String
    /// The device that logged in.
    public var deviceID: String
    /// When the family was opened, Unix seconds.
    public var createdAt: Int64
    /// The family's first pair.
    public var tokens: SessionTokens

    /// Creates a session.
    public init(familyID: String, deviceID: String, createdAt: Int64, tokens: SessionTokens) {
        self.familyID = familyID
        self.deviceID = deviceID
        self.createdAt = createdAt
        self.tokens = tokens
    }
}

/// What presenting a refresh token did (``SessionRepository/rotateRefreshToken(hash:next:at:)``).
public enum RefreshOutcome: Sendable, Equatable {
    /// The token was live: it is spent now and the next pair is stored in its family.
    case rotated(DeviceRecord)
    /// The token was spent before, or its family was revoked: the whole family is revoked now
    /// (every access and refresh token in it refused from this call on) and nothing was issued.
    case reused(deviceID: String)
    /// No such token, or it expired: nothing changed.
    case unknown
}
