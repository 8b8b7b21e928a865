/// A result list split into the seed's sections (`and-away.md` §6 `OrganizedSearchResults`).
///
/// Every result lands in exactly one section, checked in this order: an exact name match →
/// ``exactMatches``; a place the user saved → ``savedPlaces``; within the nearby radius →
/// ``nearbyResults``; matched by category → ``categoryMatches``; anything else →
/// ``extendedResults``. Within a section the provider's order is kept.
public struct OrganizedSearchResults: Sendable, Hashable {
    /// Places whose name equals the query.
    public var exactMatches: [SearchResult]
    /// The user's saved places that matched.
    public var savedPlaces: [SearchResult]
    /// Results within the nearby radius of the user (or the search origin).
    public var nearbyResults: [SearchResult]
    /// Farther results found because the query names their category.
    public var categoryMatches: [SearchResult]
    /// Everything else (farther name matches, global results).
    public var extendedResults: [SearchResult]
    /// Where the search happened.
    public var searchContext: SearchContext

    /// Sorts `results` into sections.
    ///
    /// - Parameters:
    ///   - savedPlaceIDs: ids of the user's bookmarks.
    ///   - nearbyRadius: metres within which a result counts as nearby (default 1 km); results
    ///     without a distance are never nearby.
    public init(
        _ results: [RankedPlace], context: SearchContext, savedPlaceIDs: Set<PlaceID> = [],
        nearbyRadius: Double = 1_000
    ) {
        var exact: [SearchResult] = []
        var saved: [SearchResult] = []
        var nearby: [SearchResult] = []
        var category: [SearchResult] = []
        var extended: [SearchResult] = []
        for ranked in results {
            let result = SearchResult(ranked, context: context)
            if result.matchType == .exactName {
                exact.append(result)
            } else if savedPlaceIDs.contains(result.place.id) {
                saved.append(result)
            } else if let distance = result.distanceFromUser, distance <= nearbyRadius {
                nearby.append(result)
            } else if result.matchType == .category {
                category.append(result)
            } else {
                extended.append(result)
            }
        }
        self.exactMatches = exact
        self.savedPlaces = saved
        self.nearbyResults = nearby
        self.categoryMatches = category
        self.extendedResults = extended
        self.searchContext = context
    }

    /// Every result, section by section.
    public var all: [SearchResult] {
        exactMatches + savedPlaces + nearbyResults + categoryMatches + extendedResults
    }
}
