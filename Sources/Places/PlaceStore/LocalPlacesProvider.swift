import GeoKit
import PlaceKit

/// The local OSM store behind the provider protocols: search, nearby, region, autocomplete and
/// details, ranked by ``PlaceKit/SearchRanker``.
///
/// Candidates come from ``SQLitePlaceStore`` (space first when there is a centre), are widened
/// with the categories the text names ("coffee" → cafés nearby), and are ranked; the ranker
/// decides the order and drops what does not match. A centred text search that finds nothing
/// within the radius falls back to a search without a centre (so "Ateneum" typed far from
/// Helsinki still finds it). Open-now filtering is the caller's job: places keep their
/// `OpeningHours`.
///
/// Candidate pools are decoded only as far as ranking needs (names, category, coordinate,
/// importance); the places finally returned are read again in full, so every ``RankedPlace``
/// carries a complete ``PlaceKit/Place``.
///
/// Store calls are synchronous SQLite reads (typically a few milliseconds); they run on the
/// calling task.
public struct LocalPlacesProvider: PlacesSearchService, PlaceDetailsService, AutocompleteService {
    /// The store read from.
    public let store: SQLitePlaceStore
    /// The ranker applied to candidates.
    public let ranker: SearchRanker
    /// Radius in metres used when a request has a centre but no radius.
    public let defaultRadius: Double
    /// How many candidates at least are fetched for ranking (more when the limit is larger).
    public let candidatePoolSize: Int

    /// Creates a provider over a store.
    public init(
        store: SQLitePlaceStore, ranker: SearchRanker = .standard, defaultRadius: Double = 5_000,
        candidatePoolSize: Int = 60
    ) {
        self.store = store
        self.ranker = ranker
        self.defaultRadius = defaultRadius
        self.candidatePoolSize = max(1, candidatePoolSize)
    }

    private func poolSize(_ limit: Int) -> Int { max(candidatePoolSize, 3 * limit) }

    /// Text and/or category search, ranked.
    ///
    /// Without text: places near the centre (or the most important ones anywhere) of the requested
    /// categories.
    public func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        var request = request
        let text = request.text ?? ""
        let pool = poolSize(request.limit)
        guard !SearchText.words(text).isEmpty else {
            if let center = request.center {
                return try await searchNearby(
                    center: center, categories: request.categories, radius: request.radius ?? defaultRadius,
                    limit: request.limit)
            }
            let places = try store.places(in: .world, categories: request.categories, limit: pool, decoding: .light)
            return try complete(ranker.rank(places, for: request), if: request.fullPlaces)
        }
        // Whole-query categories ("coffee") bring a full pool of that category's places; category
        // words inside a name query ("cafe regata") bring only the nearest few, since the ranker
        // puts every name match above them anyway.
        let wholeQueryIntent = ranker.categoryIntent(of: text).map(\.id)
        let intent = wholeQueryIntent.isEmpty ? ranker.categoryHints(of: text).map(\.id) : wholeQueryIntent
        let categoryPool = wholeQueryIntent.isEmpty ? request.limit : pool
        var candidates: [Place] = []
        if let center = request.center {
            let radius = request.radius ?? defaultRadius
            request.radius = radius
            // The category pool comes from the same pass over the cells as the name candidates.
            let wanted = request.categories.isEmpty ? intent : intent.filter(request.categories.contains)
            let found = try store.candidates(
                matching: text, near: center, radius: radius, categories: request.categories, limit: pool,
                nearbyCategories: wanted, nearbyLimit: categoryPool, decoding: .light)
            candidates = found.candidates.map(\.place) + found.nearby.map(\.place)
        }
        if candidates.isEmpty {
            candidates = try store.candidates(
                matching: text, near: nil, radius: 0, categories: request.categories, limit: pool, decoding: .light
            ).map(\.place)
            if !intent.isEmpty, request.center == nil {
                candidates += try store.places(in: .world, categories: intent, limit: categoryPool, decoding: .light)
            }
        }
        return try complete(ranker.rank(Self.unique(candidates), for: request), if: request.fullPlaces)
    }

    /// Places of the given categories (any when empty) within `radius` metres, nearest first,
    /// with the ranker's scores.
    public func searchNearby(
        center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int
    ) async throws -> [RankedPlace] {
        let request = SearchRequest(center: center, radius: radius, categories: categories, limit: limit)
        let nearby = try store.places(near: center, radius: radius, categories: categories, limit: request.limit)
        return ranker.rank(nearby.map(\.place), for: request).sorted {
            ($0.distance ?? 0, $0.place.id.rawValue) < ($1.distance ?? 0, $1.place.id.rawValue)
        }
    }

    /// Places inside `region` (which may cross the antimeridian), optionally matching text and
    /// categories, ranked without a centre.
    public func searchInRegion(
        text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int
    ) async throws -> [RankedPlace] {
        let request = SearchRequest(text: text, categories: categories, limit: limit)
        let pool = poolSize(request.limit)
        let candidates: [Place]
        if let text, !SearchText.words(text).isEmpty {
            var places = try store.candidates(
                matching: text, in: region, categories: categories, limit: pool, decoding: .light
            ).map(\.place)
            let intent = ranker.categoryIntent(of: text).map(\.id)
            if !intent.isEmpty {
                places += try store.places(in: region, categories: intent, limit: pool, decoding: .light)
            }
            candidates = places
        } else {
            candidates = try store.places(in: region, categories: categories, limit: pool, decoding: .light)
        }
        return try complete(ranker.rank(Self.unique(candidates), for: request))
    }

    /// Suggestions for a partly typed name: word-prefix (and typo-tolerant) matches near the
    /// centre, else anywhere, ranked.
    public func autocomplete(
        prefix: String, center: Coordinate?, radius: Double?, limit: Int
    ) async throws -> [RankedPlace] {
        let request = SearchRequest(text: prefix, center: center, radius: radius ?? (center == nil ? nil : defaultRadius), limit: limit)
        let pool = poolSize(request.limit)
        var candidates: [Place] = []
        if let center {
            candidates = try store.candidates(
                matching: prefix, near: center, radius: request.radius ?? defaultRadius, categories: [], limit: pool,
                decoding: .light
            ).map(\.place)
        }
        if candidates.isEmpty {
            candidates = try store.candidates(
                matching: prefix, near: nil, radius: 0, categories: [], limit: pool, decoding: .light
            ).map(\.place)
        }
        return try complete(ranker.rank(Self.unique(candidates), for: request))
    }

    /// The stored place with this id, or `nil`.
    public func placeDetails(id: PlaceID) async throws -> Place? {
        try store.place(id: id)
    }

    /// `ranked` with each place (decoded for ranking only) replaced by the full stored place; a
    /// place no longer in the store keeps what ranking saw. Without `full`, `ranked` as it is.
    private func complete(_ ranked: [RankedPlace], if full: Bool = true) throws(PlaceStoreError) -> [RankedPlace] {
        guard full, !ranked.isEmpty else { return ranked }
        let full = try store.places(ids: ranked.map(\.place.id))
        return ranked.map { result in
            var result = result
            if let place = full[result.place.id] { result.place = place }
            return result
        }
    }

    /// `places` without repeated ids, first occurrence kept.
    static func unique(_ places: [Place]) -> [Place] {
        var seen = Set<PlaceID>()
        return places.filter { seen.insert($0.id).inserted }
    }
}
