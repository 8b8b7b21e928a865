import Foundation
import GeoKit

extension SearchRanker {
    /// The distance scale of a search: a quarter of its radius (2 km when it has none), at least 250 m.
    public static func distanceScale(radius: Double?) -> Double { max(250, (radius ?? 2_000) / 4) }

    /// The distance score, 0…1: `1 / (1 + d / scale)` (1 at the centre, ½ at `scale`); what the
    /// ranker and ``PreferenceScoring`` both weigh for closeness. A negative distance counts as 0.
    public static func closeness(_ distance: Double, scale: Double) -> Double { 1 / (1 + max(0, distance) / scale) }
}

/// The six factors by which a user's preferences order search results, each in 0…1.
public struct PreferenceFactors: Sendable, Hashable, Codable {
    /// Closeness (``SearchRanker/closeness(_:scale:)``; 0 without a distance).
    public var distance: Double
    /// Google's rating / 5, else the place's importance prior.
    public var popularity: Double
    /// How the name matched.
    public var queryRelevance: Double
    /// 1 in a wanted category.
    public var categoryMatch: Double
    /// Open now 1, unknown 0.5, closed 0.
    public var businessStatus: Double
    /// The share of address, phone, website and opening hours present.
    public var dataCompleteness: Double

    /// Factors (or weights: a weight per factor has the same six members).
    public init(
        distance: Double, popularity: Double, queryRelevance: Double, categoryMatch: Double, businessStatus: Double,
        dataCompleteness: Double
    ) {
        self.distance = distance
        self.popularity = popularity
        self.queryRelevance = queryRelevance
        self.categoryMatch = categoryMatch
        self.businessStatus = businessStatus
        self.dataCompleteness = dataCompleteness
    }

    /// The weighted sum of the factors, `weights` giving one weight per factor.
    public func score(_ weights: PreferenceFactors) -> Double {
        weights.distance * distance + weights.popularity * popularity + weights.queryRelevance * queryRelevance
            + weights.categoryMatch * categoryMatch + weights.businessStatus * businessStatus
            + weights.dataCompleteness * dataCompleteness
    }
}

/// Orders search results by six user weights, whichever provider found them (And Away's
/// preferences, seed §6, supply the weights; this is the rule, over plain values).
///
/// The provider decides which places match (recall: the local ranker, Google, MapKit); these
/// weights decide the order the user sees. Each factor is normalised to 0…1 before weighting:
/// * **distance** — ``SearchRanker/closeness(_:scale:)`` with the search's
///   ``SearchRanker/distanceScale(radius:)``, as the local ranker; 0 without a distance;
/// * **popularity** — Google's rating / 5 when the place has one, else the place's importance
///   prior (wikidata/wikipedia presence, tag richness: OSM has no ratings);
/// * **query relevance** — from how the name matched: exact 1, partial 0.8, alternative name 0.6,
///   typo 0.5, category only 0.3, no text 0;
/// * **category match** — 1 when the place is in a category the query or the chip names;
/// * **business status** — open now 1, unknown 0.5, closed (or permanently closed) 0;
/// * **data completeness** — the share of address, phone, website and opening hours present.
///
/// Ties keep the provider's order, so equal weights never shuffle results.
public struct PreferenceScoring: Sendable {
    /// Tells category queries from name queries.
    public var registry: CategoryRegistry

    /// The rule over `registry`'s categories.
    public init(registry: CategoryRegistry = .standard) {
        self.registry = registry
    }

    /// Whether `request` is a category query: its text names a category ("coffee"), or it has no
    /// text and a category chip.
    public func isCategoryQuery(_ request: SearchRequest) -> Bool {
        let text = request.text ?? ""
        if text.split(whereSeparator: \.isWhitespace).isEmpty { return !request.categories.isEmpty }
        return !registry.categories(matchingQuery: text).isEmpty
    }

    /// The factors of `result` for `request` at `now`.
    public func factors(of result: RankedPlace, for request: SearchRequest, now: Date, timeZone: TimeZone) -> PreferenceFactors {
        let place = result.place
        let scale = SearchRanker.distanceScale(radius: request.radius)
        let wanted = Set(request.categories).union(registry.categories(matchingQuery: request.text ?? "").map(\.id))
        let rating = place.tags["google:rating"].flatMap(Double.init).map { min(1, max(0, $0 / 5)) }
        let present = [place.address != nil, place.phone != nil, place.website != nil, place.openingHours != nil]
        return PreferenceFactors(
            distance: result.distance.map { SearchRanker.closeness($0, scale: scale) } ?? 0,
            popularity: rating ?? place.importance,
            queryRelevance: Self.relevance(result.match),
            categoryMatch: wanted.contains(place.category) ? 1 : 0,
            businessStatus: Self.status(of: place, at: now, in: timeZone),
            dataCompleteness: Double(present.filter { $0 }.count) / Double(present.count))
    }

    /// `results` best first by `weights`; ties keep the given order.
    public func order(
        _ results: [RankedPlace], for request: SearchRequest, weights: PreferenceFactors, now: Date, timeZone: TimeZone
    ) -> [RankedPlace] {
        let scored = results.enumerated().map { index, result in
            (index, factors(of: result, for: request, now: now, timeZone: timeZone).score(weights))
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map { results[$0.0] }
    }

    /// The query-relevance factor of a match.
    public static func relevance(_ match: MatchKind) -> Double {
        switch match {
        case .exactName: 1
        case .partialName: 0.8
        case .alternativeName: 0.6
        case .fuzzyName: 0.5
        case .category: 0.3
        case .nearby: 0
        }
    }

    /// The business-status factor: 1 open, 0 closed, 0.5 unknown; Google's permanently or
    /// temporarily closed is 0.
    public static func status(of place: Place, at now: Date, in timeZone: TimeZone) -> Double {
        if let business = place.tags["google:businessStatus"], business.hasPrefix("CLOSED") { return 0 }
        switch place.openingHours?.isOpen(at: now, in: timeZone) {
        case true?: return 1
        case false?: return 0
        case nil: return 0.5
        }
    }
}
