import Crypto
import Foundation
import ServerRepositories

/// Anonymous devices on the server: exporting what the server holds about one, and the token
/// hashing and generation every session secret uses (registration, refresh and login are
/// ``SessionService``'s).
public struct DeviceService: Sendable {
    private let store: any DeviceRepository & ProfileRepository & FavouriteRepository

    /// Creates the service over the server store.
    public init(store: any DeviceRepository & ProfileRepository & FavouriteRepository) {
        self.store = store
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
