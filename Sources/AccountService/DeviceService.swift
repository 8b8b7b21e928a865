import Crypto
import Foundation
import LociServerStore

/// Anonymous devices on the server: registering one (a new id and a bearer token of which only
/// the SHA-256 is stored) and exporting what the server holds about it.
///
/// The attestation that gates registration is checked by the caller before ``register(at:tokenLifetime:)``.
public struct DeviceService: Sendable {
    private let store: any DeviceRepository & ProfileRepository & FavouriteRepository
    private let makeID: @Sendable () -> String
    private let makeToken: @Sendable () -> String

    /// Creates the service over the server store; `makeID` makes device ids and `makeToken`
    /// access tokens (by default 32 bytes from the system CSPRNG, base64url without padding).
    public init(
        store: any DeviceRepository & ProfileRepository & FavouriteRepository,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        makeToken: @escaping @Sendable () -> String = { DeviceService.randomToken() }
    ) {
        self.store = store
        self.makeID = makeID
        self.makeToken = makeToken
    }

    /// A registered device and the token it authenticates with (shown once; only its hash is kept).
    public struct Registration: Sendable, Equatable {
        /// The new device.
        public let device: DeviceRecord
        /// The bearer access token.
        public let accessToken: String
        /// Unix seconds after which the token is refused.
        public let expiresAt: Int64
    }

    /// Everything the server holds about one device.
    public struct Export: Sendable, Equatable {
        /// The device.
        public let device: DeviceRecord
        /// Its interest profile, if any.
        public let profile: ProfileRecord?
        /// Its favourites.
        public let favourites: [FavouriteRecord]
    }

    /// Registers a new device created at `now` with a token valid for `tokenLifetime` seconds.
    public func register(at now: Int64, tokenLifetime: Int64) async throws(ServerStoreError) -> Registration {
        let device = DeviceRecord(id: makeID(), createdAt: now)
        let token = makeToken()
        let expires = now + tokenLifetime
        try await store.createDevice(device)
        try await store.storeAccessToken(hash: Self.tokenHash(token), deviceID: device.id, expiresAt: expires)
        return Registration(device: device, accessToken: token, expiresAt: expires)
    }

    /// The device's profile and favourites.
    public func export(_ device: DeviceRecord) async throws(ServerStoreError) -> Export {
        Export(
            device: device, profile: try await store.profile(deviceID: device.id),
            favourites: try await store.favourites(deviceID: device.id))
    }

    /// SHA-256 of a token: only hashes are stored and looked up.
    public static func tokenHash(_ token: String) -> Data { Data(SHA256.hash(data: Data(token.utf8))) }

    /// 32 bytes from the system CSPRNG, base64url without padding (43 characters).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
