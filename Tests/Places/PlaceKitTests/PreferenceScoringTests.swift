import Foundation
import GeoKit
import PlaceKit
import Testing

/// The rule by which a user's preferences order results, over plain values (And Away's
/// `PreferenceScorer` supplies the weights).
@Suite("Preference scoring: the six factors, the distance score and the order")
struct PreferenceScoringTests {
    static let noon = Date(timeIntervalSince1970: 1_781_082_000)

    @Test("the distance score is 1 at the centre and ½ at a quarter of the radius (250 m at least)")
    func closeness() {
        #expect(SearchRanker.distanceScale(radius: 4_000) == 1_000)
        #expect(SearchRanker.distanceScale(radius: nil) == 500)
        #expect(SearchRanker.distanceScale(radius: 100) == 250)
        #expect(SearchRanker.closeness(0, scale: 1_000) == 1)
        #expect(SearchRanker.closeness(1_000, scale: 1_000) == 0.5)
        #expect(SearchRanker.closeness(3_000, scale: 1_000) == 0.25)
        #expect(SearchRanker.closeness(-5, scale: 1_000) == 1)
    }

    @Test("the factors: distance, rating, relevance, category, open now, completeness")
    func factors() throws {
        let zone = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
        let near = Place(
            id: PlaceID(osm: .node, id: 1), name: "Kahvila", category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), phone: "+358 1",
            openingHours: OpeningHours("Mo-Su 08:00-20:00"), importance: 0.2)
        let google = Place(
            id: try #require(PlaceID(googlePlaceID: "abc")), name: "Closed Cafe", category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94),
            tags: ["google:rating": "4.5", "google:businessStatus": "CLOSED_PERMANENTLY"])
        let scoring = PreferenceScoring()
        let request = SearchRequest(text: "coffee", center: near.coordinate, radius: 4_000)
        #expect(scoring.isCategoryQuery(request))
        #expect(!scoring.isCategoryQuery(SearchRequest(text: "Regatta")))
        #expect(scoring.isCategoryQuery(SearchRequest(categories: ["museum"])))
        #expect(!scoring.isCategoryQuery(SearchRequest(text: "  ")))
        let a = scoring.factors(
            of: RankedPlace(place: near, distance: 1_000, score: 0, match: .category), for: request, now: Self.noon, timeZone: zone)
        #expect(a == PreferenceFactors(distance: 0.5, popularity: 0.2, queryRelevance: 0.3, categoryMatch: 1, businessStatus: 1, dataCompleteness: 0.5))
        let b = scoring.factors(
            of: RankedPlace(place: google, distance: nil, score: 0, match: .exactName), for: request, now: Self.noon, timeZone: zone)
        #expect(b == PreferenceFactors(distance: 0, popularity: 0.9, queryRelevance: 1, categoryMatch: 1, businessStatus: 0, dataCompleteness: 0))
        let weights = PreferenceFactors(distance: 1, popularity: 2, queryRelevance: 3, categoryMatch: 4, businessStatus: 5, dataCompleteness: 6)
        #expect(a.score(weights) == 0.5 + 0.4 + 0.9 + 4 + 5 + 3)
    }

    @Test("the order follows the weights given and keeps the given order on ties")
    func order() {
        func place(_ id: Int64, _ name: String) -> Place {
            Place(id: PlaceID(osm: .node, id: id), name: name, category: "cafe", coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        }
        let far = RankedPlace(place: place(1, "Far"), distance: 3_000, score: 0.9, match: .exactName)
        let close = RankedPlace(place: place(2, "Close"), distance: 100, score: 0.5, match: .partialName)
        let same = RankedPlace(place: place(3, "Same"), distance: 100, score: 0.4, match: .partialName)
        let request = SearchRequest(text: "Far", center: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        let distanceOnly = PreferenceFactors(distance: 1, popularity: 0, queryRelevance: 0, categoryMatch: 0, businessStatus: 0, dataCompleteness: 0)
        let relevanceOnly = PreferenceFactors(distance: 0, popularity: 0, queryRelevance: 1, categoryMatch: 0, businessStatus: 0, dataCompleteness: 0)
        let scoring = PreferenceScoring()
        #expect(scoring.order([far, close, same], for: request, weights: distanceOnly, now: Self.noon, timeZone: .gmt).map(\.place.name) == ["Close", "Same", "Far"])
        #expect(scoring.order([close, same, far], for: request, weights: relevanceOnly, now: Self.noon, timeZone: .gmt).map(\.place.name) == ["Far", "Close", "Same"])
        #expect(scoring.order([same, close], for: request, weights: distanceOnly, now: Self.noon, timeZone: .gmt).map(\.place.name) == ["Same", "Close"])
    }
}
