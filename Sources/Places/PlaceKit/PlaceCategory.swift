/// A standard, provider-independent place category with its visual styling.
///
/// Categories come from ``CategoryRegistry``: the standard table (ids without a dot, e.g. `"cafe"`)
/// or a deterministic fallback for unknown tags (ids of the form `key.value`, e.g.
/// `"amenity.foo_bar"`). Two categories with the same id are equal in every field.
public struct PlaceCategory: Sendable, Codable, Hashable, Identifiable {
    /// Stable identifier, persisted with places: `"cafe"`, `"museum"`, `"amenity.foo_bar"`.
    public let id: String
    /// English name for display: `"Café"`.
    public let displayName: String
    /// SF Symbol name for the icon: `"cup.and.saucer.fill"`.
    public let symbolName: String
    /// Colour as `#RRGGBB` (upper-case hex), e.g. `"#8B5A2B"`.
    public let colorHex: String
    /// Words people type when they mean this category, in English and Finnish, lower-case:
    /// `["cafe", "café", "coffee", "coffee shop", "kahvila"]`. Matched case- and
    /// diacritic-insensitively by ``CategoryRegistry/categories(matchingQuery:)``.
    public let searchTerms: [String]

    /// Creates a category. The caller supplies a `#RRGGBB` colour and lower-case search terms.
    public init(
        id: String, displayName: String, symbolName: String, colorHex: String, searchTerms: [String]
    ) {
        self.id = id
        self.displayName = displayName
        self.symbolName = symbolName
        self.colorHex = colorHex
        self.searchTerms = searchTerms
    }

    /// Whether this category was generated for an unknown tag rather than taken from the standard
    /// table (fallback ids always contain a dot).
    public var isFallback: Bool { id.contains(".") }
}
