import Foundation
import LociLocalization
import WrappedKit

/// Everything Photo Wrapped's models need from the device, injected once by the app's
/// composition root (PhotoKit adapters) or by a test (the folder source and fakes).
///
/// Time and zone come from here, never from `Date()` or `TimeZone.current` inside a model.
public struct WrappedEnvironment: Sendable {
    /// Photo access: status and the system prompt.
    public var authorizer: any PhotoAuthorizer
    /// The library for a range (PhotoKit fetches by creation date; a folder ignores the range).
    public var sources: any PhotoLibrarySourceFactory
    /// Small images for place detail and share cards.
    public var thumbnails: any PhotoThumbnailSource
    /// The places the user hid, kept between runs.
    public var hiddenPlaces: any HiddenPlaceStore
    /// The range and filters the user set, kept between launches.
    public var settings: any WrappedSettingsStore
    /// Loads zones and labels (the gazetteer); called only when a deck must be computed.
    public var placeLookup: @Sendable () throws -> any PlaceLookup
    /// The cache database file, or `nil` for no cache.
    public var cache: URL?
    /// The device's zone: "today", custom dates and the last resort for a photo's local time.
    public var deviceZone: TimeZone
    /// The clock.
    public var now: @Sendable () -> Date
    /// The language the models write their words in (the app: the person's; tests pick one).
    public var language: AppLanguage
    /// Why the local storage (the cache and hidden places database) could not be opened at
    /// launch, when it could not: ``hiddenPlaces`` then lives in memory until the app closes.
    public var storageProblem: String?
    /// Opens the local storage again (Try again after ``storageProblem``), or `nil` when there
    /// is nothing to reopen.
    public var reopenStorage: (@Sendable () throws -> any HiddenPlaceStore)?

    /// Creates an environment.
    public init(
        authorizer: any PhotoAuthorizer, sources: any PhotoLibrarySourceFactory,
        thumbnails: any PhotoThumbnailSource,
        hiddenPlaces: any HiddenPlaceStore, placeLookup: @escaping @Sendable () throws -> any PlaceLookup,
        cache: URL?,
        deviceZone: TimeZone, now: @escaping @Sendable () -> Date,
        settings: any WrappedSettingsStore = InMemoryWrappedSettingsStore(),
        language: AppLanguage = .current,
        storageProblem: String? = nil,
        reopenStorage: (@Sendable () throws -> any HiddenPlaceStore)? = nil
    ) {
        self.language = language
        self.storageProblem = storageProblem
        self.reopenStorage = reopenStorage
        self.settings = settings
        self.authorizer = authorizer
        self.sources = sources
        self.thumbnails = thumbnails
        self.hiddenPlaces = hiddenPlaces
        self.placeLookup = placeLookup
        self.cache = cache
        self.deviceZone = deviceZone
        self.now = now
    }

    /// Today's local date in the device zone.
    public var today: LocalDate {
        let date = now()
        return LocalDateTime(
            secondsSinceEpoch: date.timeIntervalSince1970, offset: deviceZone.secondsFromGMT(for: date)
        ).date
    }
}
