import Foundation
import LibraryService
import LibraryStore
import LibrarySync
import PlaceKit
import RoutingKit

/// Everything And Away's models need from the device, the network and the disk, injected once by
/// the app's composition root (MapKit, CoreLocation and CloudKit adapters) or by a test.
///
/// Time comes from ``now`` and waiting from ``scheduler``, never from `Date()` or a sleep inside
/// a model.
public struct AndAwayEnvironment: Sendable {
    /// The local store's services: always present, the fallback when another provider fails.
    public var local: PlaceSource
    /// The other providers the switch offers (Google when a key is configured, Apple Maps on the phone).
    public var remote: [PlaceSource]
    /// Bookmarks, lists and notes over the library store.
    public var library: BookmarkLibrary
    /// Routes for the directions sheet (the local router, Google Routes, or MKDirections).
    public var directions: any DirectionsService
    /// Where the user is.
    public var location: any UserLocationSource
    /// The library's sync, when a transport is configured (iCloud on the phone).
    public var sync: LibrarySynchronizer?
    /// Debounce waits.
    public var scheduler: any DebounceScheduler
    /// The categories (chips, query intent).
    public var registry: CategoryRegistry
    /// The zone used to say whether a place is open now.
    public var timeZone: TimeZone
    /// The clock.
    public var now: @Sendable () -> Date
    /// New ids (search history entries).
    public var makeID: @Sendable () -> String
    /// Seconds between the last keystroke and the suggestions call.
    public var debounce: Double
    /// Search radius in metres around the user or the map centre.
    public var searchRadius: Double

    /// Creates an environment.
    public init(
        local: PlaceSource, remote: [PlaceSource] = [], library: BookmarkLibrary, directions: any DirectionsService,
        location: any UserLocationSource, sync: LibrarySynchronizer? = nil,
        scheduler: any DebounceScheduler = TaskSleepScheduler(), registry: CategoryRegistry = .standard,
        timeZone: TimeZone, now: @escaping @Sendable () -> Date,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }, debounce: Double = 0.3,
        searchRadius: Double = 5_000
    ) {
        self.local = local
        self.remote = remote
        self.library = library
        self.directions = directions
        self.location = location
        self.sync = sync
        self.scheduler = scheduler
        self.registry = registry
        self.timeZone = timeZone
        self.now = now
        self.makeID = makeID
        self.debounce = debounce
        self.searchRadius = searchRadius
    }

    /// The providers the switch offers, local first.
    public var choices: [ProviderChoice] { [ProviderChoice.local] + remote.map(\.choice).filter { $0 != .local } }

    /// The source for `choice` (the local one when that provider is not configured).
    public func source(for choice: ProviderChoice) -> PlaceSource {
        remote.first { $0.choice == choice } ?? local
    }

    /// The library store.
    public var store: LibraryStore { library.store }
}
