import GeoKit

/// Where a search happened (`and-away.md` §6 `SearchContext`): the user, the search centre, and
/// how far the provider looked.
public struct SearchContext: Sendable, Hashable, Codable {
    /// The user's position, when known.
    public var userLocation: Coordinate?
    /// Where the search is centred (the user, or the map centre they panned to).
    public var searchOrigin: Coordinate?
    /// The effective search radius in metres.
    public var searchRadius: Double
    /// Horizontal accuracy of `userLocation` in metres (nil when unknown).
    public var locationAccuracy: Double?
    /// Whether `userLocation` is fresh enough to call "here".
    public var isLocationRecent: Bool

    /// Creates a context.
    public init(
        userLocation: Coordinate? = nil, searchOrigin: Coordinate? = nil, searchRadius: Double,
        locationAccuracy: Double? = nil, isLocationRecent: Bool = false
    ) {
        self.userLocation = userLocation
        self.searchOrigin = searchOrigin
        self.searchRadius = searchRadius
        self.locationAccuracy = locationAccuracy
        self.isLocationRecent = isLocationRecent
    }
}

/// One result as the seed's view models see it (`and-away.md` §6 `SearchResult`).
public struct SearchResult: Sendable, Hashable {
    /// The place.
    public var place: Place
    /// How it matched.
    public var matchType: MatchKind
    /// The provider's score, 0…1 (comparable within one result list only).
    public var relevanceScore: Double
    /// Metres from the user (or the search origin when the user's position is unknown).
    public var distanceFromUser: Double?
    /// Where the search happened.
    public var searchContext: SearchContext

    /// Creates a result.
    public init(
        place: Place, matchType: MatchKind, relevanceScore: Double, distanceFromUser: Double?,
        searchContext: SearchContext
    ) {
        self.place = place
        self.matchType = matchType
        self.relevanceScore = relevanceScore
        self.distanceFromUser = distanceFromUser
        self.searchContext = searchContext
    }

    /// A provider's ranked result in `context`; the distance is measured from the user when the
    /// context has a user position, else the ranked result's own distance is kept.
    public init(_ ranked: RankedPlace, context: SearchContext) {
        let distance =
            context.userLocation.map { Haversine.distance($0, ranked.place.coordinate) } ?? ranked.distance
        self.init(
            place: ranked.place, matchType: ranked.match, relevanceScore: ranked.score,
            distanceFromUser: distance,
            searchContext: context)
    }
}
