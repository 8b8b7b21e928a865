import Foundation
import GeoKit
import TidepoolClient
import TidepoolTokens

/// One device's client of an ``InMemoryTidepoolServer``: what ``TidepoolClient`` does over HTTP,
/// in memory. Its session lives in a ``CredentialStore``, favourites changes go through a
/// ``FavouriteQueue`` and reach the server in order once it is reachable, and tokens are real
/// blind signatures (blinded and unblinded here, signed by the server's epoch key).
///
/// ``offline`` makes every call fail as a dropped connection does
/// (``TidepoolClientError/transport(operation:message:)``) without reaching the server.
public actor FakeTidepoolClient: TidepoolAccountAPI, TidepoolPresenceAPI, TidepoolPlacesAPI,
    TidepoolFavouritesAPI
{
    /// The server this device talks to.
    public nonisolated let server: InMemoryTidepoolServer
    let credentialStore: any CredentialStore
    let favouriteQueue: any FavouriteQueue
    /// Whether the network is gone.
    public var offline = false
    /// Calls that reached the server, by name, in order.
    public private(set) var calls: [String] = []

    /// A device of `server` keeping its session in `credentials` and its queue in `favourites`.
    public init(
        server: InMemoryTidepoolServer, credentials: any CredentialStore = InMemoryCredentialStore(),
        favourites: any FavouriteQueue = InMemoryFavouriteQueue()
    ) {
        self.server = server
        self.credentialStore = credentials
        self.favouriteQueue = favourites
    }

    /// Cuts or restores the network.
    public func setOffline(_ offline: Bool) { self.offline = offline }

    /// A template no tile server answers (the fake serves no PNG tiles).
    public nonisolated var heatTileURLTemplate: String { "memory://tidepool/v1/tiles/{z}/{x}/{y}.png" }

    /// Fails while offline; records the call otherwise.
    func reach(_ operation: String) throws(TidepoolClientError) {
        guard !offline else {
            throw .transport(operation: operation, message: "offline: the connection was lost")
        }
        calls.append(operation)
    }

    func session() async throws(TidepoolClientError) -> TidepoolCredentials {
        guard let saved = try await credentials() else { throw .notRegistered }
        return saved
    }

    // MARK: - Account

    public func credentials() async throws(TidepoolClientError) -> TidepoolCredentials? {
        do { return try await credentialStore.load() } catch { throw .credentials(message: "\(error)") }
    }

    public func registrationChallenge() async throws(TidepoolClientError) -> TidepoolRegistrationChallenge {
        try reach("registrationChallenge")
        return server.challenge()
    }

    @discardableResult
    public func register(attestation: String, platform: DevicePlatform, keyID: String?, challenge: String?)
        async throws(TidepoolClientError) -> String
    {
        try reach("register")
        let credentials = try server.register(attestation: attestation, keyID: keyID, challenge: challenge)
        do { try await credentialStore.save(credentials) } catch { throw .credentials(message: "\(error)") }
        return credentials.deviceID
    }

    public func deleteDevice() async throws(TidepoolClientError) {
        let saved = try await session()
        try reach("deleteDevice")
        do { try server.delete(saved) } catch .notFound {
            // Gone already: clear what is kept here all the same.
        }
        do {
            try await credentialStore.clear()
            try await favouriteQueue.clear()
        } catch { throw .credentials(message: "\(error)") }
    }

    public func profile() async throws(TidepoolClientError) -> TidepoolProfile {
        let saved = try await session()
        try reach("profile")
        return try server.profile(saved)
    }

    @discardableResult
    public func setProfile(tags: [String]?, vector: [Double]?, integrations: [String: String]?)
        async throws(TidepoolClientError) -> TidepoolProfile
    {
        let saved = try await session()
        try reach("setProfile")
        return try server.setProfile(saved, tags: tags, vector: vector, integrations: integrations)
    }

    public func export() async throws(TidepoolClientError) -> TidepoolExport {
        let saved = try await session()
        try reach("export")
        return try server.export(saved)
    }

    // MARK: - Presence

    public func privacy() async throws(TidepoolClientError) -> TidepoolPrivacy {
        try reach("privacy")
        return server.privacy()
    }

    public func epoch() async throws(TidepoolClientError) -> TidepoolEpoch {
        try reach("epoch")
        return try server.epoch()
    }

    public func epochKeys() async throws(TidepoolClientError) -> PublishedEpochKeys {
        try reach("epochKeys")
        return try server.publishedKeys()
    }

    public func presenceToken(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
        guard let key = Data(base64Encoded: epoch.publicKey) else {
            throw .token(message: "the epoch's public_key is not base64")
        }
        let published = try await epochKeys()
        let client = TokenClient()
        let pending: TokenClient.Pending
        do {
            pending = try client.request(epoch: Int64(epoch.epoch), publicKeyDER: key, published: published)
        } catch {
            throw .token(message: error.description)
        }
        let saved = try await session()
        try reach("presenceToken")
        let signature = try server.issue(saved, epoch: Int64(epoch.epoch), blinded: pending.blindedMessage)
        do { return try client.finish(pending, blindSignature: signature) } catch {
            throw .token(message: error.description)
        }
    }

    public func presenceTokens(for epochs: [Int64]) async throws(TidepoolClientError) -> [PresenceToken] {
        let published = try await epochKeys()
        let pending = try TidepoolClient.blindedRequests(for: epochs, published: published)
        let saved = try await session()
        try reach("presenceTokens")
        let signatures = try server.issueBatch(saved, requests: pending.map { ($0.epoch, $0.blindedMessage) })
        return try TidepoolClient.finish(
            pending, signatures: zip(pending, signatures).map { ($0.epoch, $1.base64EncodedString()) })
    }

    public func report(_ token: PresenceToken, tile: TileID, facet: Int?) async throws(TidepoolClientError) {
        try reach("report")
        try server.report(token.redemption(for: tile, facet: facet))
    }

    // MARK: - Places

    public func heat(south: Double, west: Double, north: Double, east: Double, vector: [Double]?)
        async throws(TidepoolClientError) -> TidepoolHeat
    {
        try reach("heat")
        return try server.heat(south: south, west: west, north: north, east: east, vector: vector)
    }

    public func search(_ query: String, latitude: Double?, longitude: Double?, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    {
        let viewer = try await credentials()
        try reach("search")
        return try server.search(
            query, latitude: latitude, longitude: longitude, radius: radius, limit: limit, viewer: viewer)
    }

    public func suggestions(latitude: Double, longitude: Double, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    {
        let viewer = try await credentials()
        try reach("suggestions")
        return try server.search(
            nil, latitude: latitude, longitude: longitude, radius: radius, limit: limit, viewer: viewer)
    }

    public func place(id: String) async throws(TidepoolClientError) -> TidepoolPlace {
        try reach("place")
        return try server.place(id: id)
    }

    // MARK: - Favourites (the same queue discipline as TidepoolClient)

    public func favourites() async throws(TidepoolClientError) -> [TidepoolFavourite] {
        try await syncFavourites()
        let saved = try await session()
        try reach("favourites")
        return try server.favourites(saved)
    }

    @discardableResult
    public func addFavourite(placeID: String, rating: Int?, note: String?) async throws(TidepoolClientError)
        -> FavouriteSync
    {
        try await enqueue(.add(placeID: placeID, rating: rating, note: note))
        return try await syncFavourites()
    }

    @discardableResult
    public func removeFavourite(id: String) async throws(TidepoolClientError) -> FavouriteSync {
        try await enqueue(.remove(favouriteID: id))
        return try await syncFavourites()
    }

    @discardableResult
    public func rateFavourite(placeID: String, rating: Int) async throws(TidepoolClientError) -> FavouriteSync
    {
        try await enqueue(.rate(placeID: placeID, rating: rating))
        return try await syncFavourites()
    }

    @discardableResult
    public func syncFavourites() async throws(TidepoolClientError) -> FavouriteSync {
        var sync = FavouriteSync()
        while let change = try await pendingFavouriteChanges().first {
            do {
                if let saved = try await send(change) { sync.saved.append(saved) }
                sync.sent.append(change)
            } catch .transport {
                sync.waiting = try await pendingFavouriteChanges().count
                return sync
            } catch .conflict where change.isAdd {
                sync.sent.append(change)
            } catch .notFound where !change.isAdd {
                sync.sent.append(change)
            } catch .notRegistered {
                throw .notRegistered
            } catch .invalidCredentials(let message) {
                throw .invalidCredentials(message: message)
            } catch {
                sync.refused.append(.init(change: change, error: error))
            }
            do { try await favouriteQueue.removeFirst() } catch { throw .queue(message: "\(error)") }
        }
        return sync
    }

    public func pendingFavouriteChanges() async throws(TidepoolClientError) -> [FavouriteChange] {
        do { return try await favouriteQueue.pending() } catch { throw .queue(message: "\(error)") }
    }

    private func send(_ change: FavouriteChange) async throws(TidepoolClientError) -> TidepoolFavourite? {
        let saved = try await session()
        try reach("favouriteChange")
        switch change {
        case .add(let placeID, let rating, let note):
            return try server.addFavourite(saved, placeID: placeID, rating: rating, note: note)
        case .remove(let id):
            try server.removeFavourite(saved, id: id)
            return nil
        case .rate(let placeID, let rating):
            return try server.rateFavourite(saved, placeID: placeID, rating: rating)
        }
    }

    private func enqueue(_ change: FavouriteChange) async throws(TidepoolClientError) {
        guard try await credentials() != nil else { throw .notRegistered }
        do { try await favouriteQueue.append(change) } catch { throw .queue(message: "\(error)") }
    }
}

extension FavouriteChange {
    fileprivate var isAdd: Bool {
        if case .add = self { return true }
        return false
    }
}
