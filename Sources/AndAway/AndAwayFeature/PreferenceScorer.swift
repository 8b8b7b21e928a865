import Foundation
import GeoKit
import LibraryKit
import PlaceKit

/// Orders search results by the user's six scoring weights (``LibraryKit/ScoringWeights``,
/// seed §6), whichever provider found them.
///
/// The provider decides which places match (recall: the local ranker, Google, MapKit); these
/// weights decide the order the user sees. Each factor is normalised to 0…1 before weighting:
/// * **distance** — `1 / (1 + d / scale)`, `scale` a quarter of the search radius (≥ 250 m), as the
///   local ranker; 0 without a distance;
/// * **popularity** — Google's rating / 5 when the place has one, else the place's importance
///   prior (wikidata/wikipedia presence, tag richness: OSM has no ratings);
/// * **query relevance** — from how the name matched: exact 1, partial 0.8, alternative name 0.6,
///   typo 0.5, category only 0.3, no text 0;
/// * **category match** — 1 when the place is in a category the query or the chip names;
/// * **business status** — open now 1, unknown 0.5, closed (or permanently closed) 0;
/// * **data completeness** — the share of address, phone, website and opening hours present.
///
/// Name queries use ``LibraryKit/Preferences/nameQuery``, category queries (the text names a
/// category, or only a chip is chosen) ``LibraryKit/Preferences/categoryQuery``. Ties keep the
/// provider's order, so equal weights never shuffle results.
public struct PreferenceScorer: Sendable {
    /// The user's weights.
    public var preferences: Preferences
    /// Tells category queries from name queries.
    public var registry: CategoryRegistry

    /// A scorer over `preferences`.
    public init(preferences: Preferences, registry: CategoryRegistry = .standard) {
        self.preferences = preferences
        self.registry = registry
    }

    /// The six factors of one result, each in 0…1.
    public struct Factors: Sendable, Hashable {
        /// Closeness.
        public var distance: Double
        /// Rating or importance.
        public var popularity: Double
        /// Name match.
        public var queryRelevance: Double
        /// In a wanted category.
        public var categoryMatch: Double
        /// Open now.
        public var businessStatus: Double
        /// Fields present.
        public var dataCompleteness: Double

        /// The weighted sum.
        public func score(_ weights: ScoringWeights) -> Double {
            weights.distance * distance + weights.popularity * popularity + weights.queryRelevance * queryRelevance
                + weights.categoryMatch * categoryMatch + weights.businessStatus * businessStatus
                + weights.dataCompleteness * dataCompleteness
        }
    }

    /// Whether `request` is a category query ("coffee", or only a category chip).
    public func kind(of request: SearchRequest) -> QueryKind {
        let text = request.text ?? ""
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.isEmpty { return request.categories.isEmpty ? .name : .category }
        return registry.categories(matchingQuery: text).isEmpty ? .name : .category
    }

    /// The factors of `result` for `request` at `now`.
    public func factors(of result: RankedPlace, for request: SearchRequest, now: Date, timeZone: TimeZone) -> Factors {
        let place = result.place
        let scale = max(250, (request.radius ?? 2_000) / 4)
        let wanted = Set(request.categories).union(
            registry.categories(matchingQuery: request.text ?? "").map(\.id))
        let rating = place.tags["google:rating"].flatMap(Double.init).map { min(1, max(0, $0 / 5)) }
        let present = [place.address != nil, place.phone != nil, place.website != nil, place.openingHours != nil]
        return Factors(
            distance: result.distance.map { 1 / (1 + max(0, $0) / scale) } ?? 0,
            popularity: rating ?? place.importance,
            queryRelevance: Self.relevance(result.match),
            categoryMatch: wanted.contains(place.category) ? 1 : 0,
            businessStatus: Self.status(of: place, at: now, in: timeZone),
            dataCompleteness: Double(present.filter { $0 }.count) / Double(present.count))
    }

    /// `results` best first by the weights for `request`'s kind; ties keep the given order.
    public func order(_ results: [RankedPlace], for request: SearchRequest, now: Date, timeZone: TimeZone)
        -> [RankedPlace]
    {
        let weights = preferences.weights(for: kind(of: request))
        let scored = results.enumerated().map { index, result in
            (index, factors(of: result, for: request, now: now, timeZone: timeZone).score(weights))
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map { results[$0.0] }
    }

    static func relevance(_ match: MatchKind) -> Double {
        switch match {
        case .exactName: 1
        case .partialName: 0.8
        case .alternativeName: 0.6
        case .fuzzyName: 0.5
        case .category: 0.3
        case .nearby: 0
        }
    }

    /// 1 open, 0 closed, 0.5 unknown; Google's permanently or temporarily closed is 0.
    static func status(of place: Place, at now: Date, in timeZone: TimeZone) -> Double {
        if let business = place.tags["google:businessStatus"], business.hasPrefix("CLOSED") { return 0 }
        switch place.openingHours?.isOpen(at: now, in: timeZone) {
        case true?: return 1
        case false?: return 0
        case nil: return 0.5
        }
    }
}
