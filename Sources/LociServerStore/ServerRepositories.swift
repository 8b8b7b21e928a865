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

/// Everything the server stores, one implementation per database (the epoch store's
/// protocols, ``ReleaseRepository`` and ``PartialCountRepository``, live in `TidepoolStorage`).
public typealias ServerStore = DeviceRepository & ProfileRepository & FavouriteRepository & EpochStore
