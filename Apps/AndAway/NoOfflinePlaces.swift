// The offline provider when no place database has been put in the app: every call says so, and
// the search model shows it (the other providers still answer).
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import GeoKit
import PlaceKit

/// Why offline search cannot answer.
struct NoOfflinePlaceDatabase: Error, CustomStringConvertible {
    /// Where the database was looked for.
    var path: String

    var description: String { "no offline place database at \(path): switch to Apple Maps or Google, or add one" }
}

/// The three provider protocols with nothing behind them: every call throws ``NoOfflinePlaceDatabase``.
struct NoOfflinePlaces: PlacesSearchService, PlaceDetailsService, AutocompleteService {
    var path: String

    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] { throw NoOfflinePlaceDatabase(path: path) }

    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    {
        throw NoOfflinePlaceDatabase(path: path)
    }

    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
    {
        throw NoOfflinePlaceDatabase(path: path)
    }

    func placeDetails(id: PlaceID) async throws -> Place? { throw NoOfflinePlaceDatabase(path: path) }

    func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws -> [RankedPlace] {
        throw NoOfflinePlaceDatabase(path: path)
    }
}
