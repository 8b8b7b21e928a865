import AreaDownloads
import AreaKit
import GeoKit
import LockedState
import PlaceKit
import PlaceStore

/// Why offline search cannot answer: no area with a place store is on this device.
public struct NoAreaDownloaded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder the areas are kept in.
    public var directory: String

    /// The error for areas kept in `directory`.
    public init(directory: String) { self.directory = directory }

    public var description: String {
        "no offline area on this phone (none downloaded to \(directory)): download one in Settings → Areas"
    }
}

/// Offline place search over the place store of an area the device downloaded: on each call the
/// installed `places.sqlite` (of the first area, by name, that has one) is found through
/// ``AreaDownloads`` and searched with ``PlaceStore/LocalPlacesProvider``, so a download, an update
/// or a delete made while the app runs is seen by the next search without a restart.
///
/// The open store is kept while the installed file's SHA-256 is the same (an update renames a new
/// file into place, and the next call opens that). Without an installed store every call throws
/// ``NoAreaDownloaded``, which the search screens show.
public final class InstalledAreaPlaces: PlacesSearchService, PlaceDetailsService, AutocompleteService, Sendable {
    /// The device's areas.
    public let downloads: AreaDownloads
    private let opened = Locked<(sha256: String, provider: LocalPlacesProvider)?>(nil)

    /// Search over the place store `downloads` has installed.
    public init(downloads: AreaDownloads) { self.downloads = downloads }

    /// The provider over the installed store, opened when it changed.
    /// - Throws: ``NoAreaDownloaded``; `PlaceStoreError` when the installed file cannot be opened.
    public func provider() throws -> LocalPlacesProvider {
        guard let file = downloads.installed().first(where: { $0.entry.kind == .places }) else {
            opened.withLock { $0 = nil }
            throw NoAreaDownloaded(directory: downloads.directory.path)
        }
        if let current = opened.withLock({ $0 }), current.sha256 == file.entry.sha256 { return current.provider }
        let provider = LocalPlacesProvider(store: try SQLitePlaceStore(path: file.url.path))
        opened.withLock { $0 = (file.entry.sha256, provider) }
        return provider
    }

    public func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        try await provider().searchPlaces(request)
    }

    public func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    {
        try await provider().searchNearby(center: center, categories: categories, radius: radius, limit: limit)
    }

    public func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
    {
        try await provider().searchInRegion(text: text, region: region, categories: categories, limit: limit)
    }

    public func placeDetails(id: PlaceID) async throws -> Place? { try await provider().placeDetails(id: id) }

    public func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws -> [RankedPlace] {
        try await provider().autocomplete(prefix: prefix, center: center, radius: radius, limit: limit)
    }
}

/// Place search over the downloaded area when one is installed, else `otherwise` (an online
/// provider): Proximity's search, which works on a fresh install and offline once an area is here.
public struct AreaFirstPlaceSearch: PlacesSearchService {
    /// The downloaded area's search.
    public let area: InstalledAreaPlaces
    /// What answers while no area is installed.
    public let otherwise: any PlacesSearchService

    /// Search over `area`, else `otherwise`.
    public init(area: InstalledAreaPlaces, otherwise: any PlacesSearchService) {
        self.area = area
        self.otherwise = otherwise
    }

    /// The area's provider, or `otherwise` when no area is installed (a store that fails to open throws).
    func source() throws -> any PlacesSearchService {
        do { return try area.provider() } catch is NoAreaDownloaded { return otherwise }
    }

    public func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        try await source().searchPlaces(request)
    }

    public func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    {
        try await source().searchNearby(center: center, categories: categories, radius: radius, limit: limit)
    }

    public func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
    {
        try await source().searchInRegion(text: text, region: region, categories: categories, limit: limit)
    }
}
