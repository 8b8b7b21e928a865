import Foundation
import PlaceKit

/// One search from several providers, side by side, as `loci compare --json` writes it: the
/// question (`query`, `lat`, `lon`, `radius_m`) and one column per provider in the order asked.
public struct WireComparison: Sendable, Equatable, Encodable {
    /// The text searched for.
    public var query: String
    /// The search centre's latitude, degrees.
    public var lat: Double
    /// The search centre's longitude, degrees.
    public var lon: Double
    /// The search radius, metres.
    public var radiusM: Double
    /// One column per provider, in the order asked.
    public var providers: [Column]

    /// Creates the answer from its parts.
    public init(query: String, lat: Double, lon: Double, radiusM: Double, providers: [Column]) {
        self.query = query
        self.lat = lat
        self.lon = lon
        self.radiusM = radiusM
        self.providers = providers
    }

    private enum CodingKeys: String, CodingKey {
        case query, lat, lon, radiusM = "radius_m", providers
    }

    /// One provider's results, or why it has none (`error` is written only then).
    public struct Column: Sendable, Equatable, Encodable {
        /// The provider's name (`local`, `google`).
        public var provider: String
        /// Its results, best first.
        public var results: [Row]
        /// Why it has no results, one line; nil (and not written) when it answered.
        public var error: String?

        /// Creates a column from its parts.
        public init(provider: String, results: [Row], error: String?) {
            self.provider = provider
            self.results = results
            self.error = error
        }
    }

    /// A ranked place in a column: a ``WireSearchResult`` (summary only) and its 1-based rank.
    ///
    /// Written flat, as the comparison has always been written: the summary's members,
    /// `distance_m` to 0.1 m, `score` to 0.001, `match`, `rank`. Unlike a search result, a
    /// member with no value (an unnamed place's `name`, the distance without a centre) is left
    /// out rather than written as `null`.
    public struct Row: Sendable, Equatable, Encodable {
        /// 1 for the provider's best result.
        public var rank: Int
        /// The place and its ranking.
        public var result: WireSearchResult

        /// Creates a row from its parts (written as given, no rounding).
        public init(rank: Int, result: WireSearchResult) {
            self.rank = rank
            self.result = result
        }

        /// The row for `ranked` at `rank`, with the distance rounded to 0.1 m and the score to 0.001.
        public init(rank: Int, ranked: RankedPlace) {
            self.init(
                rank: rank,
                result: WireSearchResult(
                    place: WirePlace(summaryOf: ranked.place),
                    distanceM: ranked.distance.map { ($0 * 10).rounded() / 10 },
                    score: (ranked.score * 1_000).rounded() / 1_000, match: ranked.match.rawValue))
        }

        private enum CodingKeys: String, CodingKey {
            case rank, id, name, category, lat, lon, distanceM = "distance_m", score, match
        }

        /// The summary's members, the ranking's and the rank, in one object; no `null` members.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let place = result.place
            try container.encode(rank, forKey: .rank)
            try container.encode(place.id, forKey: .id)
            try container.encodeIfPresent(place.name, forKey: .name)
            try container.encode(place.category, forKey: .category)
            try container.encode(place.lat, forKey: .lat)
            try container.encode(place.lon, forKey: .lon)
            try container.encodeIfPresent(result.distanceM, forKey: .distanceM)
            try container.encodeIfPresent(result.score, forKey: .score)
            try container.encodeIfPresent(result.match, forKey: .match)
        }
    }
}
