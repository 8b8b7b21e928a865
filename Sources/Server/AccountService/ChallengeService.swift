import Foundation
import ServerRepositories

/// Single-use registration challenges: handed out by `POST /v1/auth/challenge`, spent by the
/// registration that presents one. Only the SHA-256 of each is stored, with its expiry.
public struct ChallengeService: Sendable {
    /// One challenge as the app receives it.
    public struct Challenge: Sendable, Equatable {
        /// The challenge (43 base64url characters); the app hashes its UTF-8 bytes into
        /// App Attest's `clientDataHash`.
        public let value: String
        /// Unix seconds from which it is refused.
        public let expiresAt: Int64
    }

    /// How long a challenge lives, seconds (long enough for `attestKey`, which can take a few
    /// seconds, and a slow network; short enough that a stock of them is worthless).
    public static let defaultLifetime: Int64 = 300

    private let store: any ChallengeRepository
    private let lifetime: Int64
    private let makeSecret: @Sendable () -> String

    /// Creates the service over the server store; `makeSecret` makes challenges (by default
    /// 32 bytes from the system CSPRNG, base64url).
    public init(
        store: any ChallengeRepository, lifetime: Int64 = ChallengeService.defaultLifetime,
        makeSecret: @escaping @Sendable () -> String = { DeviceService.randomToken() }
    ) {
        self.store = store
        self.lifetime = lifetime
        self.makeSecret = makeSecret
    }

    /// A new challenge, valid from `now` for the lifetime.
    public func issue(at now: Int64) async throws(ServerStoreError) -> Challenge {
        let challenge = Challenge(value: makeSecret(), expiresAt: now + lifetime)
        try await store.storeChallenge(
            hash: DeviceService.tokenHash(challenge.value), expiresAt: challenge.expiresAt, at: now)
        return challenge
    }

    /// Spends `value`: true when it was issued, unexpired at `now` and not spent before.
    public func spend(_ value: String, at now: Int64) async throws(ServerStoreError) -> Bool {
        try await store.spendChallenge(hash: DeviceService.tokenHash(value), at: now)
    }
}
