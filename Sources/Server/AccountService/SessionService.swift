import Crypto
import Foundation
import ServerRepositories

/// Sessions that last as long as the device keeps its secret: registration, refresh-token
/// rotation and re-login from the device secret, without HTTP.
///
/// Every secret the server hands out (access token, refresh token, device secret) is 32 bytes
/// from the injected generator, shown once, and stored only as its SHA-256. A refresh spends its
/// token; presenting a spent one revokes its whole family (the thief's tokens and the owner's),
/// so the owner logs in again from the device secret and gets a new family. The device secret
/// never expires: it stops working only when the device is deleted. The attestation that gates
/// registration is checked by the caller before ``register(at:)``.
public struct SessionService: Sendable {
    /// How long each kind of token lives, seconds.
    public struct Lifetimes: Sendable, Equatable {
        /// Access tokens (the bearer token of every other route).
        public var access: Int64
        /// Refresh tokens; each refresh issues a new one with the full lifetime again.
        public var refresh: Int64

        /// Creates lifetimes, seconds (a token is refused from `issue + lifetime` on).
        public init(access: Int64, refresh: Int64) {
            self.access = access
            self.refresh = refresh
        }
    }

    /// One access + refresh pair as the device receives it.
    public struct Session: Sendable, Equatable {
        /// The device the tokens act for.
        public let deviceID: String
        /// The bearer access token.
        public let accessToken: String
        /// Unix seconds from which the access token is refused.
        public let accessExpiresAt: Int64
        /// The refresh token (spent by its first use).
        public let refreshToken: String
        /// Unix seconds from which the refresh token is refused.
        public let refreshExpiresAt: Int64
    }

    /// A new device: its first session and the secret it logs in with later (kept by the app
    /// in the Keychain; shown only here).
    public struct Registration: Sendable, Equatable {
        /// The first session.
        public let session: Session
        /// The device secret.
        public let deviceSecret: String
    }

    private let store: any SessionRepository
    private let lifetimes: Lifetimes
    private let makeID: @Sendable () -> String
    private let makeSecret: @Sendable () -> String

    /// Creates the service over the server store; `makeID` makes device and family ids,
    /// `makeSecret` tokens and device secrets (by default 32 bytes from the system CSPRNG,
    /// base64url without padding).
    public init(
        store: any SessionRepository, lifetimes: Lifetimes,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        makeSecret: @escaping @Sendable () -> String = { DeviceService.randomToken() }
    ) {
        self.store = store
        self.lifetimes = lifetimes
        self.makeID = makeID
        self.makeSecret = makeSecret
    }

    /// Registers a new device at `now` with a secret and its first session family.
    public func register(at now: Int64) async throws(ServerStoreError) -> Registration {
        let device = DeviceRecord(id: makeID(), createdAt: now)
        let secret = makeSecret()
        let (session, tokens) = makeSession(for: device.id, at: now)
        try await store.createDevice(
            device, secretHash: DeviceService.tokenHash(secret),
            session: NewSession(familyID: makeID(), deviceID: device.id, createdAt: now, tokens: tokens))
        return Registration(session: session, deviceSecret: secret)
    }

    /// Exchanges a refresh token for a new pair in the same family; the presented token is spent.
    /// - Throws: ``SessionError/unknownRefreshToken`` for a token never issued, expired, or
    ///   deleted with its device; ``SessionError/refreshTokenReused`` for one spent before (the
    ///   family is revoked now: every token in it stops working); `storage` when the store failed.
    public func refresh(_ refreshToken: String, at now: Int64) async throws(SessionError) -> Session {
        let (session, tokens) = makeSession(for: "", at: now)
        let outcome: RefreshOutcome
        do {
            outcome = try await store.rotateRefreshToken(
                hash: DeviceService.tokenHash(refreshToken), next: tokens, at: now)
        } catch { throw .storage(error) }
        switch outcome {
        case .rotated(let device):
            return Session(
                deviceID: device.id, accessToken: session.accessToken, accessExpiresAt: session.accessExpiresAt,
                refreshToken: session.refreshToken, refreshExpiresAt: session.refreshExpiresAt)
        case .reused: throw .refreshTokenReused
        case .unknown: throw .unknownRefreshToken
        }
    }

    /// Logs a registered device in again from its secret: a new family, the same device (so the
    /// same profile and favourites).
    /// - Throws: ``SessionError/invalidCredentials`` for an unknown device, a device without a
    ///   secret, or a wrong secret (one error for all three, compared in constant time);
    ///   `storage` when the store failed.
    public func login(deviceID: String, secret: String, at now: Int64) async throws(SessionError) -> Session {
        let stored: Data?
        do { stored = try await store.deviceSecretHash(deviceID: deviceID) } catch { throw .storage(error) }
        let presented = DeviceService.tokenHash(secret)
        // Compare against a stand-in when there is no stored hash, so an unknown device costs
        // the same time as a wrong secret.
        let matches = Self.constantTimeEqual(presented, stored ?? Data(repeating: 0, count: presented.count))
        guard matches, stored != nil else { throw .invalidCredentials }
        let (session, tokens) = makeSession(for: deviceID, at: now)
        do {
            try await store.openSession(
                NewSession(familyID: makeID(), deviceID: deviceID, createdAt: now, tokens: tokens))
        } catch {
            if case .notFound = error.kind { throw .invalidCredentials }
            throw .storage(error)
        }
        return session
    }

    /// Equality of two byte strings in time that depends only on their lengths.
    public static func constantTimeEqual(_ left: Data, _ right: Data) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }

    /// A fresh pair for `deviceID` issued at `now`, and the hashes the store keeps.
    private func makeSession(for deviceID: String, at now: Int64) -> (Session, SessionTokens) {
        let access = makeSecret()
        let refresh = makeSecret()
        let session = Session(
            deviceID: deviceID, accessToken: access, accessExpiresAt: now + lifetimes.access,
            refreshToken: refresh, refreshExpiresAt: now + lifetimes.refresh)
        let tokens = SessionTokens(
            accessHash: DeviceService.tokenHash(access), accessExpiresAt: session.accessExpiresAt,
            refreshHash: DeviceService.tokenHash(refresh), refreshExpiresAt: session.refreshExpiresAt)
        return (session, tokens)
    }
}
