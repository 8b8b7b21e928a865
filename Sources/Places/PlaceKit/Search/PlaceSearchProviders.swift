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
    /// Up to `maxPhotos` photos of the place, resolved to URLs; empty when the provider has none.
    func placePhotos(id: PlaceID, maxPhotos: Int) async throws -> [PlacePhoto]
}

extension PlaceDetailsService {
    /// No photos: the default for providers without images (the local OSM store).
    public func placePhotos(id: PlaceID, maxPhotos: Int) async throws -> [PlacePhoto] { [] }
}

/// Suggestions while the user types.
public protocol AutocompleteService: Sendable {
    /// Places whose names start with (or nearly start with) `prefix`, best first.
    func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [RankedPlace]
    /// Suggestions for what the user has typed so far, best first.
    func suggestions(for input: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [AutocompleteSuggestion]
    /// The place behind a chosen suggestion (nil when the provider no longer knows it).
    func place(for suggestion: AutocompleteSuggestion) async throws -> Place?
}

extension AutocompleteService {
    /// Suggestions made from ``autocomplete(prefix:center:radius:limit:)``: the place's name and
    /// its address line, with the whole place attached.
    public func suggestions(for input: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [AutocompleteSuggestion]
    {
        try await autocomplete(prefix: input, center: center, radius: radius, limit: limit).map { ranked in
            AutocompleteSuggestion(
                placeID: ranked.place.id, primaryText: ranked.place.name ?? ranked.place.id.rawValue,
                secondaryText: ranked.place.address?.formatted ?? "", distance: ranked.distance,
                place: ranked.place)
        }
    }

    /// The place the suggestion carries.
    public func place(for suggestion: AutocompleteSuggestion) async throws -> Place? { suggestion.place }
}
