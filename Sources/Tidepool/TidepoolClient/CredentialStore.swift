import Foundation

/// A device's session with the server: what ``TidepoolClient`` keeps in a ``CredentialStore``.
///
/// The device secret never expires (only deleting the device ends it), so a store must keep it
/// where the platform keeps secrets (the app's Keychain adapter); the tokens rotate.
public struct TidepoolCredentials: Sendable, Codable, Equatable {
    /// The device id (`device_id`).
    public var deviceID: String
    /// The device secret from registration: logs the device in again when the refresh token is
    /// refused.
    public var deviceSecret: String
    /// The bearer access token.
    public var accessToken: String
    /// When the access token expires, Unix seconds.
    public var accessExpiresAt: Int64
    /// The current refresh token (each refresh spends it and returns the next).
    public var refreshToken: String
    /// When the refresh token expires, Unix seconds.
    public var refreshExpiresAt: Int64

    /// Creates credentials.
    public init(
        deviceID: String, deviceSecret: String, accessToken: String, accessExpiresAt: Int64,
        refreshToken: String,
        refreshExpiresAt: Int64
    ) {
        self.deviceID = deviceID
        self.deviceSecret = deviceSecret
        self.accessToken = accessToken
        self.accessExpiresAt = accessExpiresAt
        self.refreshToken = refreshToken
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// Where ``TidepoolClient`` keeps the device's ``TidepoolCredentials`` between launches.
///
/// The app's adapter writes them to the Keychain; ``InMemoryCredentialStore`` keeps them for the
/// process. Every rotation is saved before the client uses the new tokens, so a crash never
/// leaves the store holding a spent refresh token without the secret to recover.
public protocol CredentialStore: Sendable {
    /// The saved credentials, or nil before registration (or after delete).
    func load() async throws -> TidepoolCredentials?
    /// Replaces the saved credentials.
    func save(_ credentials: TidepoolCredentials) async throws
    /// Removes the credentials (the device was deleted).
    func clear() async throws
}

/// Credentials kept in memory for the life of the process (tests, the simulator).
public actor InMemoryCredentialStore: CredentialStore {
    private var credentials: TidepoolCredentials?

    /// Creates a store, optionally holding `credentials` already.
    public init(_ credentials: TidepoolCredentials? = nil) { self.credentials = credentials }

    /// The saved credentials.
    public func load() -> TidepoolCredentials? { credentials }
    /// Replaces the saved credentials.
    public func save(_ credentials: TidepoolCredentials) { self.credentials = credentials }
    /// Removes the credentials.
    public func clear() { credentials = nil }
}
