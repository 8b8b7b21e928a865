import PlaceKit

/// The weights of the seed's search-result score (§6 `ScoringWeights`): PlaceKit's six
/// ``PlaceKit/PreferenceFactors`` used as one weight per factor (each factor scores 0–1 and the
/// score is their weighted sum), so the weights a user sets are what ``PlaceKit/PreferenceScoring``
/// orders by, with no copy between them. As a user's setting, weights are in 0…1 and sum to 1
/// (± 0.001): ``LibraryRules/check(_:_:)``.
public typealias ScoringWeights = PreferenceFactors

extension PreferenceFactors {
    /// The seed's defaults (0.25, 0.20, 0.30, 0.15, 0.05, 0.05), used for name queries.
    public static let nameQueryDefault = ScoringWeights(
        distance: 0.25, popularity: 0.20, queryRelevance: 0.30, categoryMatch: 0.15, businessStatus: 0.05,
        dataCompleteness: 0.05)

    /// Defaults for category queries ("coffee near me"), where the text names a category rather
    /// than a place: relevance weight moves to distance and category match (our choice; the seed
    /// gives one set and asks for per-context sets).
    public static let categoryQueryDefault = ScoringWeights(
        distance: 0.35, popularity: 0.20, queryRelevance: 0.10, categoryMatch: 0.25, businessStatus: 0.05,
        dataCompleteness: 0.05)

    /// The weights by name, in the seed's order (for formats that write them one by one).
    public var named: [(String, Double)] {
        [
            ("distance", distance), ("popularity", popularity), ("queryRelevance", queryRelevance),
            ("categoryMatch", categoryMatch), ("businessStatus", businessStatus),
            ("dataCompleteness", dataCompleteness),
        ]
    }

    /// Weights from `named` pairs; every one of the six names must be present once.
    public init(named pairs: [(String, Double)]) throws(LibraryError) {
        var values: [String: Double] = [:]
        for (name, value) in pairs {
            guard
                [
                    "distance", "popularity", "queryRelevance", "categoryMatch", "businessStatus",
                    "dataCompleteness",
                ].contains(name)
            else { throw LibraryError("unknown weight '\(name)'") }
            guard values.updateValue(value, forKey: name) == nil else {
                throw LibraryError("weight '\(name)' given twice")
            }
        }
        func take(_ name: String) throws(LibraryError) -> Double {
            guard let value = values[name] else { throw LibraryError("weight '\(name)' is missing") }
            return value
        }
        self.init(
            distance: try take("distance"), popularity: try take("popularity"),
            queryRelevance: try take("queryRelevance"),
            categoryMatch: try take("categoryMatch"), businessStatus: try take("businessStatus"),
            dataCompleteness: try take("dataCompleteness"))
    }
}

/// The user's preferences: scoring weights for name queries and for category queries.
public struct Preferences: Sendable, Hashable, Codable {
    /// Weights for searches by name.
    public var nameQuery: ScoringWeights
    /// Weights for searches by category.
    public var categoryQuery: ScoringWeights

    /// Preferences with the given weights (the defaults when omitted).
    public init(
        nameQuery: ScoringWeights = .nameQueryDefault, categoryQuery: ScoringWeights = .categoryQueryDefault
    ) {
        self.nameQuery = nameQuery
        self.categoryQuery = categoryQuery
    }

    /// The weights for a query of `kind`.
    public func weights(for kind: QueryKind) -> ScoringWeights {
        switch kind {
        case .name: nameQuery
        case .category: categoryQuery
        }
    }
}
