import ServerRepositories

/// Why a refresh or a login was refused.
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The refresh token was never issued, expired, or went with its deleted device.
    case unknownRefreshToken
    /// The refresh token was spent before: its family is revoked, log in again with the secret.
    case refreshTokenReused
    /// No device with that id and secret.
    case invalidCredentials
    /// The store failed.
    case storage(ServerStoreError)

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .unknownRefreshToken: "the refresh token is unknown or expired"
        case .refreshTokenReused:
            "the refresh token was already used, so every token of its session is revoked; log in again with the device secret"
        case .invalidCredentials: "no device with that device_id and device_secret"
        case .storage(let error): "\(error)"
        }
    }
}
