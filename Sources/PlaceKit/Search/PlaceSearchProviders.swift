import GeoKit

/// Text, category and region search over some source of places (the local OSM store, Google
/// Places, MapKit in the Apple shell). View models see only these protocols (`and-away.md` §5).
public protocol PlacesSearchService: Sendable {
    /// Text search ("coffee", "Cafe Regatta"), optionally around a centre.
    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace]
    /// Places of the given categories (any when empty) within `radius` metres of `center`, nearest first.
    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    /// Places inside a region, optionally matching text and categories.
    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
}

/// The full record of one place.
public protocol PlaceDetailsService: Sendable {
    /// The place with this id, or nil when the provider does not know it.
    func placeDetails(id: PlaceID) async throws -> Place?
}

/// Suggestions while the user types.
public protocol AutocompleteService: Sendable {
    /// Places whose names start with (or nearly start with) `prefix`, best first.
    func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [RankedPlace]
}
