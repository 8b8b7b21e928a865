// Place search when no place database has been imported into the app: every search says so.
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import GeoKit
import PlaceKit

/// Why the app could not do something at launch.
enum ProximityAppError: Error, CustomStringConvertible {
    /// No place database at this path (add places by import, or import a database first).
    case noPlaceDatabase(String)

    var description: String {
        switch self {
        case .noPlaceDatabase(let path): "no place database at \(path): import one to search places"
        }
    }
}

/// A `PlacesSearchService` with nothing to search: every call throws
/// ``ProximityAppError/noPlaceDatabase(_:)``, which the places screen shows.
struct NoPlaceSearch: PlacesSearchService {
    /// Where the database was looked for.
    var path: String

    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        throw ProximityAppError.noPlaceDatabase(path)
    }

    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    {
        throw ProximityAppError.noPlaceDatabase(path)
    }

    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
    {
        throw ProximityAppError.noPlaceDatabase(path)
    }
}
