import Foundation
import LibraryKit
import PlaceKit

/// Orders search results by the user's six scoring weights (``LibraryKit/ScoringWeights``,
/// seed §6), whichever provider found them: the user's ``LibraryKit/Preferences`` over PlaceKit's
/// rule (``PlaceKit/PreferenceScoring``, beside the local ranker), which says what each factor is.
///
/// Name queries use ``LibraryKit/Preferences/nameQuery``, category queries (the text names a
/// category, or only a chip is chosen) ``LibraryKit/Preferences/categoryQuery``.
public struct PreferenceScorer: Sendable {
    /// The six factors of one result, each in 0…1.
    public typealias Factors = PreferenceFactors

    /// The user's weights.
    public var preferences: Preferences
    /// The rule.
    public var scoring: PreferenceScoring
    /// Tells category queries from name queries.
    public var registry: CategoryRegistry { scoring.registry }

    /// A scorer over `preferences`.
    public init(preferences: Preferences, registry: CategoryRegistry = .standard) {
        self.preferences = preferences
        self.scoring = PreferenceScoring(registry: registry)
    }

    /// Whether `request` is a category query ("coffee", or only a category chip).
    public func kind(of request: SearchRequest) -> QueryKind {
        scoring.isCategoryQuery(request) ? .category : .name
    }

    /// The factors of `result` for `request` at `now`.
    public func factors(of result: RankedPlace, for request: SearchRequest, now: Date, timeZone: TimeZone) -> Factors {
        scoring.factors(of: result, for: request, now: now, timeZone: timeZone)
    }

    /// `results` best first by the weights for `request`'s kind; ties keep the given order.
    public func order(_ results: [RankedPlace], for request: SearchRequest, now: Date, timeZone: TimeZone) -> [RankedPlace] {
        let weights = preferences.weights(for: kind(of: request))
        return scoring.order(results, for: request, weights: weights, now: now, timeZone: timeZone)
    }
}
