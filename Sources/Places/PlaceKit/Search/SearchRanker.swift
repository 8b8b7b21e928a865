import Foundation
import GeoKit

/// Scores candidate places for a request, with separate weight sets for name queries
/// ("Cafe Regatta") and category queries ("coffee", "kahvila").
///
/// Every component is normalised to 0…1 before weighting (the seed's single weight vector
/// misranks one of the two query kinds; see `places.md`):
/// * **text** — ``TextMatcher`` similarity of the query to the name; alternative names count
///   at ``Weights/alternativeNameFactor`` of their similarity;
/// * **category** — 1 when the place is in a category the query names (or the request filters on);
/// * **distance** — `1 / (1 + d / scale)`, with `scale` a quarter of the radius (at least 250 m);
/// * **importance** — the place's prior (wikidata/wikipedia presence, tag richness), 0…1.
///
/// Category queries weigh distance far more than name queries, as Organic Maps does
/// (distance weight −0.687 for categories vs −0.212 for names in its ranker).
public struct SearchRanker: Sendable {
    /// The weights of one query intent. They need not sum to 1; scores are divided by the sum.
    public struct Weights: Sendable, Hashable {
        /// Weight of the text similarity.
        public var text: Double
        /// Weight of the category match.
        public var category: Double
        /// Weight of closeness to the centre.
        public var distance: Double
        /// Weight of the importance prior.
        public var importance: Double
        /// Multiplier on similarities reached through alternative names (old, official, other languages).
        public var alternativeNameFactor: Double

        /// Creates a weight set.
        public init(
            text: Double, category: Double, distance: Double, importance: Double,
            alternativeNameFactor: Double
        ) {
            self.text = text
            self.category = category
            self.distance = distance
            self.importance = importance
            self.alternativeNameFactor = alternativeNameFactor
        }

        /// For name queries: the text decides, distance breaks near-ties.
        public static let name = Weights(
            text: 0.62, category: 0.03, distance: 0.2, importance: 0.15, alternativeNameFactor: 0.75)
        /// For category queries: any place of the category will do, so nearer is better.
        public static let category = Weights(
            text: 0.1, category: 0.3, distance: 0.5, importance: 0.1, alternativeNameFactor: 0.75)
    }

    /// The registry that tells category queries from name queries.
    public let registry: CategoryRegistry
    /// Weights for name queries.
    public let nameWeights: Weights
    /// Weights for category queries.
    public let categoryWeights: Weights

    /// The standard ranker over ``CategoryRegistry/standard``.
    public static let standard = SearchRanker()

    /// Creates a ranker.
    public init(
        registry: CategoryRegistry = .standard, nameWeights: Weights = .name,
        categoryWeights: Weights = .category
    ) {
        self.registry = registry
        self.nameWeights = nameWeights
        self.categoryWeights = categoryWeights
    }

    /// The categories a query text names ("coffee", "kahvila" → cafe); empty for name queries.
    public func categoryIntent(of text: String) -> [PlaceCategory] {
        registry.categories(matchingQuery: text)
    }

    /// Categories named by single words of a name query ("cafe regata" → cafe): places of these
    /// categories stay candidates, ranked below every name match, so a misspelt or absent name
    /// still shows the kind of place asked for. Empty when the whole text is a category query.
    public func categoryHints(of text: String) -> [PlaceCategory] {
        guard categoryIntent(of: text).isEmpty else { return [] }
        var hints: [PlaceCategory] = []
        for word in TextMatcher.words(text) {
            for category in registry.categories(matchingQuery: String(word)) where !hints.contains(category) {
                hints.append(category)
            }
        }
        return hints
    }

    /// Scores each candidate and returns the matching ones, best first, at most `request.limit`.
    ///
    /// A candidate is dropped when the request has text and neither its names match nor its
    /// category is one the text names; and when the request filters on categories it is not in.
    /// Ties go to the nearer place, then to the smaller id, so results are deterministic.
    ///
    /// - Complexity: O(c · q · n · L²) text matching for c candidates, plus a sort.
    public func rank(_ candidates: [Place], for request: SearchRequest) -> [RankedPlace] {
        let queryWords = request.text.map(TextMatcher.words) ?? []
        let intent = queryWords.isEmpty ? [] : categoryIntent(of: request.text ?? "").map(\.id)
        let isCategoryQuery = !intent.isEmpty || (queryWords.isEmpty && !request.categories.isEmpty)
        let weights = isCategoryQuery ? categoryWeights : nameWeights
        let wanted = Set(intent).union(request.categories)
        let hinted = isCategoryQuery ? [] : Set(categoryHints(of: request.text ?? "").map(\.id))
        let filter = Set(request.categories)
        let scale = Self.distanceScale(radius: request.radius)
        var ranked: [RankedPlace] = []
        ranked.reserveCapacity(candidates.count)
        var prepared = TextMatcher.PreparedQuery(queryWords)
        for place in candidates {
            if !filter.isEmpty && !filter.contains(place.category) { continue }
            let inCategory = wanted.contains(place.category)
            let isHinted = hinted.contains(place.category)
            let text = textMatch(&prepared, place: place, weights: weights)
            if !queryWords.isEmpty && text == nil && !inCategory && !isHinted { continue }
            let distance = request.center.map { Haversine.distance($0, place.coordinate) }
            let closeness = distance.map { Self.closeness($0, scale: scale) } ?? 0
            let raw =
                weights.text * (text?.similarity ?? 0)
                + weights.category * (inCategory ? 1 : (isHinted ? 0.5 : 0))
                + weights.distance * closeness
                + weights.importance * place.importance
            let total =
                weights.text + weights.category + (request.center == nil ? 0 : weights.distance)
                + weights.importance
            let match: MatchKind
            if let text, !(isCategoryQuery && inCategory && text.similarity < 1) {
                match = text.kind
            } else if (inCategory || isHinted) && !queryWords.isEmpty {
                match = .category
            } else {
                match = .nearby
            }
            ranked.append(
                RankedPlace(
                    place: place, distance: distance, score: total > 0 ? raw / total : 0, match: match))
        }
        return Self.best(ranked, limit: request.limit)
    }

    /// The first `limit` of `ranked` in ``precedes(_:_:)`` order. Sorts small keys (score,
    /// distance, id, position) instead of the ranked places, which are large values that a sort
    /// would move and retain over and over (a profile of a 90-candidate search showed the sort
    /// as a large share of ranking; docs/benchmarks.md, `loci serve`).
    static func best(_ ranked: [RankedPlace], limit: Int) -> [RankedPlace] {
        struct Key {
            var score: Double
            var distance: Double
            var id: String
            var index: Int
        }
        var keys = ranked.indices.map { index in
            let entry = ranked[index]
            return Key(
                score: entry.score, distance: entry.distance ?? .infinity, id: entry.place.id.rawValue, index: index)
        }
        keys.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.id < b.id
        }
        return keys.prefix(max(0, limit)).map { ranked[$0.index] }
    }

    /// The best text match over the name and the (down-weighted) alternative names.
    ///
    /// No match is more similar than 1 (an exact name), so no alternative name can score above
    /// `alternativeNameFactor`: once the best match reaches that, the remaining alternatives are
    /// not matched (a place such as a city carries hundreds of them), with the same result.
    func textMatch(_ query: inout TextMatcher.PreparedQuery, place: Place, weights: Weights) -> TextMatcher.Match? {
        guard !query.words.isEmpty else { return nil }
        var best = place.name.flatMap { query.match(name: $0) }
        let ceiling = weights.alternativeNameFactor * TextMatcher.maximumSimilarity
        for alternative in place.alternativeNames {
            if let best, best.similarity >= ceiling { break }
            guard var candidate = query.match(name: alternative) else { continue }
            candidate.similarity *= weights.alternativeNameFactor
            candidate.kind = .alternativeName
            if candidate.similarity > (best?.similarity ?? 0) { best = candidate }
        }
        return best
    }

    /// Result order: higher score, then nearer, then smaller id.
    static func precedes(_ a: RankedPlace, _ b: RankedPlace) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let da = a.distance ?? .infinity
        let db = b.distance ?? .infinity
        if da != db { return da < db }
        return a.place.id.rawValue < b.place.id.rawValue
    }
}
