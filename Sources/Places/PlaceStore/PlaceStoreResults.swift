import PlaceKit

/// A place with its exact distance from a query centre.
public struct NearbyPlace: Sendable, Hashable {
    /// The place.
    public var place: Place
    /// Haversine distance in metres from the query centre (mean Earth radius), computed from the
    /// exact stored coordinates.
    public var distance: Double

    /// Creates a result.
    public init(place: Place, distance: Double) {
        self.place = place
        self.distance = distance
    }
}

/// A place whose names match a text query, before ranking.
public struct PlaceCandidate: Sendable, Hashable {
    /// How the candidate's names matched the query words.
    public enum Match: String, Sendable, Hashable, Codable {
        /// Every query word begins a word of the name or an alternative name.
        case prefix
        /// At least one query word matched only within the allowed edit distance (a typo).
        case fuzzy
    }

    /// The place.
    public var place: Place
    /// Metres from the query centre (haversine), or `nil` for a query without a centre.
    public var distance: Double?
    /// How it matched.
    public var match: Match

    /// Creates a candidate.
    public init(place: Place, distance: Double?, match: Match) {
        self.place = place
        self.distance = distance
        self.match = match
    }
}

/// How much a store holds.
public struct PlaceStoreCounts: Sendable, Hashable, Codable {
    /// Rows in `places`.
    public var places: Int
    /// Places with a name.
    public var namedPlaces: Int
    /// Distinct categories among the places.
    public var categories: Int
    /// Rows in `buildings`.
    public var buildings: Int

    /// Creates counts.
    public init(places: Int, namedPlaces: Int, categories: Int, buildings: Int) {
        self.places = places
        self.namedPlaces = namedPlaces
        self.categories = categories
        self.buildings = buildings
    }
}
