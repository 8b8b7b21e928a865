import Foundation
import LociAPI

// The app-facing names of the document's schemas: generated from `openapi.yaml`, so they
// change with the server's document and never drift from it.

/// The current epoch and its blind-signing key (`GET /v1/tidepool/epoch`).
public typealias TidepoolEpoch = Components.Schemas.Epoch
/// A single-use App Attest registration challenge and its expiry.
public typealias TidepoolRegistrationChallenge = Components.Schemas.RegistrationChallenge
/// A viewport's released heat and the privacy parameters it was released under.
public typealias TidepoolHeat = Components.Schemas.Heat
/// One released tile of ``TidepoolHeat``.
public typealias TidepoolHeatTile = Components.Schemas.HeatTile
/// The published privacy parameters (`GET /v1/privacy`).
public typealias TidepoolPrivacy = Components.Schemas.Privacy
/// Search or suggestion results.
public typealias TidepoolSearchResults = Components.Schemas.SearchResults
/// One search or suggestion result.
public typealias TidepoolSearchResult = Components.Schemas.SearchResult
/// One place in full.
public typealias TidepoolPlace = Components.Schemas.Place
/// A saved favourite.
public typealias TidepoolFavourite = Components.Schemas.Favourite
/// The device's interest profile.
public typealias TidepoolProfile = Components.Schemas.Profile
/// Everything the server stores about the device.
public typealias TidepoolExport = Components.Schemas.Export
/// The server's liveness answer (`GET /health`).
public typealias TidepoolHealth = Components.Schemas.Health

/// The platform a device registers as.
public enum DevicePlatform: String, Sendable, CaseIterable {
    /// iOS (App Attest).
    case ios
    /// Android.
    case android
    /// A web client.
    case web
    /// Unknown (development and simulated devices).
    case unknown
}

/// What a favourites sync did: the changes the server answered, the ones it refused (dropped
/// from the queue, with why), and how many still wait for a connection.
public struct FavouriteSync: Sendable {
    /// Changes the server took (an add it already had, or a remove of something already gone,
    /// counts: the change was made).
    public var sent: [FavouriteChange] = []
    /// Favourites the server saved in this sync, in order.
    public var saved: [TidepoolFavourite] = []
    /// Changes the server refused, with its answer; they are not retried.
    public var refused: [Refusal] = []
    /// Changes still queued (the server could not be reached).
    public var waiting = 0

    /// An empty sync (nothing sent, refused or waiting).
    public init() {}

    /// A refused change.
    public struct Refusal: Sendable {
        /// The change.
        public var change: FavouriteChange
        /// The server's answer.
        public var error: TidepoolClientError

        /// A refusal of `change` with the server's `error`.
        public init(change: FavouriteChange, error: TidepoolClientError) {
            self.change = change
            self.error = error
        }
    }
}
