import Foundation

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
    /// Forgets tokens that expired before `unixSeconds`.
    func discardExpiredTokens(at unixSeconds: Int64) async throws(ServerStoreError)
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
}

/// Immutable heat releases.
public protocol ReleaseRepository: Sendable {
    /// Stores a release; a second one for the same epoch is a `conflict`.
    func publishRelease(_ release: StoredRelease) async throws(ServerStoreError)
    /// Releases not expired at `unixSeconds`, newest first.
    func releases(notExpiredAt unixSeconds: Int64) async throws(ServerStoreError) -> [StoredRelease]
    /// Forgets releases expired at `unixSeconds`.
    func discardExpiredReleases(at unixSeconds: Int64) async throws(ServerStoreError)
}

/// Per-node partial counts of an epoch (scale mode: each node flushes at the boundary, one
/// leader sums them and closes the epoch). Counts only: never tokens, nonces or identities.
public protocol PartialCountRepository: Sendable {
    /// Adds a node's counts for an epoch (called once per node per epoch; a repeat adds again).
    func addPartialCounts(epoch: Int64, node: String, counts: [UInt64: Int]) async throws(ServerStoreError)
    /// Closes `epoch` in one transaction if no node has closed it: records `node` as its
    /// closer, sums every node's partial counts, stores the release `makeRelease` builds from
    /// them and deletes the partial counts of `epoch` and earlier. True for exactly one caller
    /// across all nodes; false when the epoch is closed or another node is closing it now
    /// (PostgreSQL: a transaction-scoped advisory lock per epoch). If `makeRelease` throws, or
    /// the process dies before the commit, nothing is written and the next caller closes it.
    func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable ([UInt64: Int]) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool
    /// The summed counts of an epoch by raw tile id.
    func partialCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: Int]
    /// Deletes the partial counts of `epoch` and every earlier epoch (after its release is written).
    func discardPartialCounts(epoch: Int64) async throws(ServerStoreError)
}

/// Everything the server stores, one implementation per database.
public typealias ServerStore = DeviceRepository & ProfileRepository & FavouriteRepository & ReleaseRepository
    & PartialCountRepository
