import Foundation
import TidepoolStorage

/// Devices and their access tokens. Tokens are stored only as hashes.
public protocol DeviceRepository: Sendable {
    /// Registers a device.
    func createDevice(_ device: DeviceRecord) async throws(ServerStoreError)
    /// Stores an access token (its hash) for a device, valid until `expiresAt`.
    func storeAccessToken(hash: Data, deviceID: String, expiresAt: Int64) async throws(ServerStoreError)
    /// The device an unexpired token belongs to, or nil.
    func device(forTokenHash hash: Data, at unixSeconds: Int64) async throws(ServerStoreError)
        -> DeviceRecord?
    /// Forgets a device, its tokens, profile and favourites (a user's "delete my data").
    func deleteDevice(id: String) async throws(ServerStoreError)
    /// Forgets access and refresh tokens that expired before `unixSeconds` (a refresh token
    /// replayed after that is merely unknown).
    func discardExpiredTokens(at unixSeconds: Int64) async throws(ServerStoreError)
}

/// Sessions that outlast an access token: a device's secret (its hash), session families, and
/// rotating refresh tokens (their hashes).
///
/// A family is one login. Each refresh spends its token and adds the next pair to the same
/// family; presenting a spent token revokes the family. Deleting a device (``DeviceRepository/deleteDevice(id:)``)
/// deletes its secret, families and tokens with it. Every method is one transaction.
public protocol SessionRepository: Sendable {
    /// Registers a device with the SHA-256 of its secret and opens its first session family;
    /// all or nothing. A device id already taken is a `conflict`.
    func createDevice(_ device: DeviceRecord, secretHash: Data, session: NewSession) async throws(ServerStoreError)
    /// The SHA-256 of a device's secret; nil when the device is unknown or has no secret (it
    /// registered before secrets existed). Callers compare in constant time.
    func deviceSecretHash(deviceID: String) async throws(ServerStoreError) -> Data?
    /// Opens a new family for a registered device (a login); `notFound` when the device is gone.
    func openSession(_ session: NewSession) async throws(ServerStoreError)
    /// Spends the refresh token with SHA-256 `hash` at `unixSeconds` and stores `next` in its
    /// family, or revokes the family when the token was spent before (see ``RefreshOutcome``).
    func rotateRefreshToken(hash: Data, next: SessionTokens, at unixSeconds: Int64)
        async throws(ServerStoreError) -> RefreshOutcome
}

/// Interest profiles, one per device.
public protocol ProfileRepository: Sendable {
    /// Creates or replaces the device's profile.
    func saveProfile(_ profile: ProfileRecord) async throws(ServerStoreError)
    /// The device's profile, or nil.
    func profile(deviceID: String) async throws(ServerStoreError) -> ProfileRecord?
}

/// Saved places with ratings.
public protocol FavouriteRepository: Sendable {
    /// Saves a place; a second save of the same place by the same device is a `conflict`.
    /// Returns only once the write is durable.
    func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError)
    /// The device's favourites, oldest first.
    func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord]
    /// Sets (or clears) the rating of one of the device's favourites; `notFound` otherwise.
    func rateFavourite(id: String, deviceID: String, rating: Int?) async throws(ServerStoreError)
        -> FavouriteRecord
    /// Deletes one of the device's favourites; `notFound` otherwise.
    func deleteFavourite(id: String, deviceID: String) async throws(ServerStoreError)
    /// Applies `change` and, with a `profile` (of the same device), replaces the device's profile
    /// with it, in one transaction: both are stored or neither, so a crash or a failed profile
    /// write never leaves a favourite the profile was not learned from. Returns the favourite as
    /// stored (nil after a delete). Refuses as the single-change methods above do.
    ///
    /// With a `basis` (the device's favourites, oldest first, as read when `profile` was learned
    /// from them), the store checks inside the transaction, before writing, that they are still
    /// what is stored, and otherwise writes nothing and throws a `conflict` (another change landed
    /// in between, so `profile` would miss it): the caller reads and learns again.
    @discardableResult
    func changeFavourite(_ change: FavouriteChange, profile: ProfileRecord?, basis: [FavouriteRecord]?)
        async throws(ServerStoreError) -> FavouriteRecord?
}

extension FavouriteRepository {
    /// ``changeFavourite(_:profile:basis:)`` without a basis to check.
    @discardableResult
    public func changeFavourite(_ change: FavouriteChange, profile: ProfileRecord?) async throws(ServerStoreError)
        -> FavouriteRecord?
    {
        try await changeFavourite(change, profile: profile, basis: nil)
    }
}

/// What a store says when a change's basis is no longer what is stored.
public enum FavouriteBasis {
    /// The conflict's text.
    public static let changedMessage = "the device's favourites changed while the profile was learned"
}

/// Registration challenges: each is handed out once, lives a short while, and is spent by the
/// first registration that presents it (on any node: the store is shared in scale mode).
public protocol ChallengeRepository: Sendable {
    /// Keeps the hash of a new challenge until `expiresAt` (Unix seconds), and forgets those
    /// expired at `unixSeconds`.
    func storeChallenge(hash: Data, expiresAt: Int64, at unixSeconds: Int64) async throws(ServerStoreError)
    /// Spends the challenge with this hash: true when it existed and had not expired at
    /// `unixSeconds` (it is deleted either way, in one statement, so two registrations cannot both
    /// spend it).
    func spendChallenge(hash: Data, at unixSeconds: Int64) async throws(ServerStoreError) -> Bool
}

/// Everything the server stores, one implementation per database (the epoch store's
/// protocols, ``ReleaseRepository`` and ``PartialCountRepository``, live in `TidepoolStorage`).
public typealias ServerStore = DeviceRepository & SessionRepository & ProfileRepository & FavouriteRepository
    & ChallengeRepository & BudgetUnitRepository & EpochStore
