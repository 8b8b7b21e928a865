import GeoKit
import LociLocalization
import PlaceKit
import TidepoolClient

/// One search result or suggestion as the list shows it.
public struct SearchRow: Sendable, Equatable, Identifiable {
    /// The place id (`osm:node/123`), for details and favourites.
    public var id: String
    /// The name, or the category when the place has none.
    public var title: String
    /// The category key (`cafe`).
    public var category: String
    /// The category in words, in the person's language ("Kahvila").
    public var categoryName: String
    /// Where it is.
    public var coordinate: Coordinate
    /// Distance from the search centre, metres, when the server knew the centre.
    public var distanceMeters: Double?
    /// Why it ranks where it does, in the server's words ("matches your interest in jazz",
    /// "busy with people like you"); nil when nothing personal explains it.
    public var reason: String?

    /// The row for a server result, its category named in `language`.
    public init(_ result: TidepoolSearchResult, in language: AppLanguage = .current) {
        id = result.id
        categoryName = CategoryRegistry.standard.name(forID: result.category, in: language)
        title = result.name ?? categoryName
        category = result.category
        coordinate = Coordinate(uncheckedLatitude: result.lat, longitude: result.lon)
        distanceMeters = result.distanceM
        reason = result.reason
    }
}
