import GeoKit

/// What a user asked for: text and/or categories, optionally around a centre.
public struct SearchRequest: Sendable, Hashable {
    /// The typed text, if any ("coffee", "Cafe Regatta", "atene").
    public var text: String?
    /// The search centre (the user's location or the map centre), if known.
    public var center: Coordinate?
    /// The search radius in metres around `center`; nil lets the provider choose.
    public var radius: Double?
    /// Categories the results must belong to (empty: any).
    public var categories: [PlaceCategory.ID]
    /// How many results at most.
    public var limit: Int
    /// Whether results carry the full stored place (address, phone, hours, tags…). `false`
    /// lets a provider that ranks from a lighter decoding (id, names, category, coordinate,
    /// importance) skip reading the full records, when the caller shows only those; providers
    /// without a lighter form ignore it. The results and their order are the same either way.
    public var fullPlaces: Bool

    /// Creates a request. `limit` is clamped to 1…1000.
    public init(
        text: String? = nil, center: Coordinate? = nil, radius: Double? = nil,
        categories: [PlaceCategory.ID] = [], limit: Int = 20, fullPlaces: Bool = true
    ) {
        self.text = text
        self.center = center
        self.radius = radius
        self.categories = categories
        self.limit = min(1_000, max(1, limit))
        self.fullPlaces = fullPlaces
    }
}

/// Why a result matched, shown to users and used by tests.
public enum MatchKind: String, Codable, Sendable, CaseIterable {
    /// The name equals the query (case and diacritics ignored).
    case exactName = "exact_name"
    /// Every query word starts a word of the name (autocomplete), or the name contains the query.
    case partialName = "partial_name"
    /// One of the alternative names (old, official, other languages) matched.
    case alternativeName = "alternative_name"
    /// The name matched within a small edit distance (typos).
    case fuzzyName = "fuzzy_name"
    /// The place is in a category the query names ("coffee" → cafés).
    case category
    /// No text to match: the place is simply near the centre.
    case nearby
}

/// A place with its score and the reason it matched.
public struct RankedPlace: Sendable, Hashable {
    /// The place.
    public var place: Place
    /// Metres from the request's centre (haversine), nil without a centre.
    public var distance: Double?
    /// Combined score, 0…1, higher is better. Comparable within one result list only.
    public var score: Double
    /// Why the place matched.
    public var match: MatchKind

    /// Creates a ranked result.
    public init(place: Place, distance: Double?, score: Double, match: MatchKind) {
        self.place = place
        self.distance = distance
        self.score = score
        self.match = match
    }
}
