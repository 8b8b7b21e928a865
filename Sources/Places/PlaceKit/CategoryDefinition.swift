/// One row of a ``CategoryRegistry``: a standard category and the provider categories that map
/// to it.
///
/// Provider codes are matched exactly: OSM as `key=value` (e.g. `"amenity=cafe"`), Google Places
/// (New) types as written in Google's "Table A" (e.g. `"coffee_shop"`), Apple as
/// `MKPOICategory` raw values (e.g. `"MKPOICategoryCafe"`).
public struct CategoryDefinition: Sendable, Hashable {
    /// The standard category.
    public let category: PlaceCategory
    /// OSM tags as `key=value` that map to the category.
    public let osmTags: [String]
    /// Google Places types that map to the category.
    public let googleTypes: [String]
    /// Apple `MKPOICategory` raw values that map to the category.
    public let appleCategories: [String]

    /// Creates a definition; `terms` become the category's ``PlaceCategory/searchTerms``.
    public init(
        _ id: String, _ displayName: String, _ symbolName: String, _ colorHex: String,
        osm: [String], google: [String] = [], apple: [String] = [], terms: [String]
    ) {
        self.category = PlaceCategory(
            id: id, displayName: displayName, symbolName: symbolName, colorHex: colorHex,
            searchTerms: terms)
        self.osmTags = osm
        self.googleTypes = google
        self.appleCategories = apple
    }
}
