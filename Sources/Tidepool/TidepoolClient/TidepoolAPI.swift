import Foundation
import GeoKit
import TidepoolTokens

// What the Tidepool app's models call on the server, by concern, over the client's own model
// types (`TidepoolModels.swift`). ``TidepoolClient`` implements them over HTTP; the
// `TidepoolClientFake` module implements them in memory, and `TidepoolClientContracts` checks
// that both behave alike. Every call throws ``TidepoolClientError``, as the server's answers do.

/// Registration, the session and what the server keeps about the device.
public protocol TidepoolAccountAPI: Sendable {
    /// The saved session, or nil before registration (and after delete).
    func credentials() async throws(TidepoolClientError) -> TidepoolCredentials?
    /// A single-use challenge for one App Attest registration.
    func registrationChallenge() async throws(TidepoolClientError) -> TidepoolRegistrationChallenge
    /// Registers the device and keeps its session; returns the new device id.
    /// - Throws: ``TidepoolClientError/attestationRefused(message:)`` for an attestation the
    ///   server does not accept.
    @discardableResult
    func register(attestation: String, platform: DevicePlatform, keyID: String?, challenge: String?)
        async throws(TidepoolClientError) -> String
    /// Deletes the device on the server and its credentials and queued changes here.
    func deleteDevice() async throws(TidepoolClientError)
    /// The device's interest profile.
    /// - Throws: ``TidepoolClientError/notFound(message:)`` before one was set,
    ///   ``TidepoolClientError/notRegistered`` before registration.
    func profile() async throws(TidepoolClientError) -> TidepoolProfile
    /// Sets the interest profile from tags or a vector, and the integrations' states.
    /// - Throws: ``TidepoolClientError/unknownInterest(message:)`` for a tag the model does not know.
    @discardableResult
    func setProfile(tags: [String]?, vector: [Double]?, integrations: [String: String]?)
        async throws(TidepoolClientError) -> TidepoolProfile
    /// Everything the server stores about the device.
    func export() async throws(TidepoolClientError) -> TidepoolExport
}

/// The privacy parameters and the epoch → token → report steps (``PresenceReportSender`` runs
/// them in order).
public protocol TidepoolPresenceAPI: Sendable {
    /// The server's published privacy parameters and the epochs whose releases are live.
    func privacy() async throws(TidepoolClientError) -> TidepoolPrivacy
    /// The current epoch and its blind-signing public key.
    func epoch() async throws(TidepoolClientError) -> TidepoolEpoch
    /// The blind-signing public keys the server publishes to every device for the current and
    /// coming epochs, read without an access token; the answer's digest is checked against its
    /// content.
    /// - Throws: ``TidepoolClientError/token(message:)`` for a list whose digest does not match.
    func epochKeys() async throws(TidepoolClientError) -> PublishedEpochKeys
    /// One blind presence token for `epoch`, unblinded and checked. The epoch's key must be the
    /// one in the published list (``epochKeys()``): a key offered to this device alone could
    /// identify its token.
    /// - Throws: ``TidepoolClientError/token(message:)`` for a key not in the published list,
    ///   ``TidepoolClientError/alreadyIssued(message:)`` for a second token in the
    ///   epoch, ``TidepoolClientError/daySpent(message:)`` once the day's epochs are used,
    ///   ``TidepoolClientError/notRegistered`` before registration.
    func presenceToken(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken
    /// Blind tokens for several current or coming epochs in one authenticated call, all or none:
    /// how a device takes its day's tokens at a moment unrelated to where it is (TidepoolKit's
    /// `DailyTokenPlan`). Each epoch's key is the published one (``epochKeys()``).
    /// - Returns: the tokens, in the order of `epochs`.
    /// - Throws: ``TidepoolClientError/token(message:)`` for an epoch without a published key
    ///   (nothing is issued), ``TidepoolClientError/alreadyIssued(message:)`` when the device
    ///   holds a token of one of the epochs, ``TidepoolClientError/daySpent(message:)`` when the
    ///   device would hold more than the cap (`daily_epoch_cap`) for the epochs of any day's worth
    ///   of consecutive epochs, ``TidepoolClientError/wrongEpoch(message:)`` for a past epoch,
    ///   ``TidepoolClientError/notRegistered`` before registration. A refused batch issues none.
    func presenceTokens(for epochs: [Int64]) async throws(TidepoolClientError) -> [PresenceToken]
    /// Reports presence in `tile` with `token`, anonymously; `facet` is the interest facet index.
    /// - Throws: ``TidepoolClientError/doubleSpend(message:)`` for a token spent before,
    ///   ``TidepoolClientError/wrongEpoch(message:)`` once its epoch ended.
    func report(_ token: PresenceToken, tile: TileID, facet: Int?) async throws(TidepoolClientError)
}

/// Heat, search and places: public reads, personalised when the device is registered.
public protocol TidepoolPlacesAPI: Sendable {
    /// The XYZ template of count-only heat tiles (`{z}`, `{x}`, `{y}` to fill).
    var heatTileURLTemplate: String { get }
    /// Released heat in a viewport, weighted by similarity to `vector` when given.
    func heat(south: Double, west: Double, north: Double, east: Double, vector: [Double]?)
        async throws(TidepoolClientError) -> TidepoolHeat
    /// Place search around a point.
    func search(_ query: String, latitude: Double?, longitude: Double?, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    /// Suggestions near a point.
    func suggestions(latitude: Double, longitude: Double, radius: Double?, limit: Int?)
        async throws(TidepoolClientError) -> TidepoolSearchResults
    /// One place in full, by its id.
    /// - Throws: ``TidepoolClientError/notFound(message:)`` for an unknown id.
    func place(id: String) async throws(TidepoolClientError) -> TidepoolPlace
}

/// Favourites, through a queue that keeps changes made offline until the server answers them.
public protocol TidepoolFavouritesAPI: Sendable {
    /// The device's favourites on the server, after sending what is queued.
    /// - Throws: ``TidepoolClientError/transport(operation:message:)`` while offline.
    func favourites() async throws(TidepoolClientError) -> [TidepoolFavourite]
    /// Queues saving `placeID` as a favourite, then sends the queue.
    @discardableResult
    func addFavourite(placeID: String, rating: Int?, note: String?) async throws(TidepoolClientError)
        -> FavouriteSync
    /// Queues deleting the favourite with server id `id`, then sends the queue.
    @discardableResult
    func removeFavourite(id: String) async throws(TidepoolClientError) -> FavouriteSync
    /// Queues rating the favourite of `placeID` 1–5 stars, then sends the queue.
    @discardableResult
    func rateFavourite(placeID: String, rating: Int) async throws(TidepoolClientError) -> FavouriteSync
    /// Sends the queued changes, oldest first; stops at the first the server cannot be reached for.
    @discardableResult
    func syncFavourites() async throws(TidepoolClientError) -> FavouriteSync
    /// The changes still waiting for the server, oldest first.
    func pendingFavouriteChanges() async throws(TidepoolClientError) -> [FavouriteChange]
}

/// Everything the Tidepool models call: what ``TidepoolClient`` and the in-memory fake provide.
public typealias TidepoolAPI = TidepoolAccountAPI & TidepoolFavouritesAPI & TidepoolPlacesAPI
    & TidepoolPresenceAPI

extension TidepoolClient: TidepoolAccountAPI, TidepoolPresenceAPI, TidepoolPlacesAPI, TidepoolFavouritesAPI {}
