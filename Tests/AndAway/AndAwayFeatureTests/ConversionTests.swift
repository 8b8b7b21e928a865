import AndAwayFeature
import AppleMapsPlaces
import Foundation
import GeoKit
import LibraryKit
import PlaceKit
import RoutingKit
import Testing

@Suite("And Away's pure pieces: MapKit items, the request budget, the scorer")
struct ConversionTests {
    @Test("a MapKit item with an iOS 18 identifier keeps it; without one, name and position make the id")
    func appleMapsIDs() throws {
        let withID = AppleMapsItem(
            identifier: "I6FD7D8A0B6A3", name: "Cafe Regatta", latitude: 60.18, longitude: 24.91,
            categoryRawValue: "MKPOICategoryCafe")
        #expect(withID.placeID?.rawValue == "applemaps:I6FD7D8A0B6A3")
        let old = AppleMapsItem(identifier: nil, name: " Cafe Regatta ", latitude: 60.1829251, longitude: 24.9118764)
        #expect(old.placeID?.rawValue == "applemaps:Cafe Regatta@60.18293,24.91188")
        let moved = AppleMapsItem(identifier: nil, name: "Cafe Regatta", latitude: 60.1829260, longitude: 24.9118761)
        #expect(moved.placeID == old.placeID)
        let place = try #require(withID.place())
        #expect(place.category == "cafe")
        #expect(place.libraryReference == PlaceReference(provider: .custom, id: "pin:60.180000,24.910000"))
        #expect(AppleMapsItem(identifier: nil, name: "x", latitude: 91, longitude: 0).place() == nil)
        let unknown = try #require(
            AppleMapsItem(identifier: "a", name: "x", latitude: 1, longitude: 2, categoryRawValue: "MKPOICategoryFoo")
                .place())
        #expect(unknown.category == "apple.foo")
    }

    @Test("the request budget admits 50 a minute, then refuses until the oldest leaves the window")
    func budget() {
        var budget = RequestBudget(limit: 50, window: 60)
        let start = Date(timeIntervalSince1970: 0)
        var admitted = (0..<50).map { budget.admit(at: start.addingTimeInterval(Double($0) * 0.1)) }
        #expect(admitted == Array(repeating: true, count: 50))
        admitted = [start.addingTimeInterval(10)].map { budget.admit(at: $0) }
        #expect(admitted == [false])
        #expect(budget.wait(at: start.addingTimeInterval(10)) == 50)
        admitted = [60, 60.05].map { budget.admit(at: start.addingTimeInterval($0)) }
        #expect(admitted == [true, false])
    }

    @Test("the scorer adapts the user's preferences: the kind of query picks the weights, PlaceKit's rule the factors")
    func factors() throws {
        let near = Place(
            id: PlaceID(osm: .node, id: 1), name: "Kahvila", category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), importance: 0.2)
        let scorer = PreferenceScorer(preferences: Preferences())
        let request = SearchRequest(text: "coffee", center: near.coordinate, radius: 4_000)
        #expect(scorer.kind(of: request) == .category)
        #expect(scorer.kind(of: SearchRequest(text: "Regatta")) == .name)
        #expect(scorer.kind(of: SearchRequest(categories: ["museum"])) == .category)
        let result = RankedPlace(place: near, distance: 1_000, score: 0, match: .category)
        let factors = scorer.factors(of: result, for: request, now: Date(timeIntervalSince1970: 0), timeZone: .gmt)
        #expect(factors == PreferenceScoring().factors(of: result, for: request, now: Date(timeIntervalSince1970: 0), timeZone: .gmt))
        #expect(factors.distance == 0.5)
    }

    @Test("the scorer orders by the weights of the query's kind and keeps the given order on ties")
    func order() {
        let noon = Date(timeIntervalSince1970: 1_781_082_000)
        func place(_ id: Int64, _ name: String) -> Place {
            Place(
                id: PlaceID(osm: .node, id: id), name: name, category: "cafe",
                coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        }
        let far = RankedPlace(place: place(1, "Far"), distance: 3_000, score: 0.9, match: .exactName)
        let close = RankedPlace(place: place(2, "Close"), distance: 100, score: 0.5, match: .partialName)
        let same = RankedPlace(place: place(3, "Same"), distance: 100, score: 0.4, match: .partialName)
        let distanceOnly = ScoringWeights(
            distance: 1, popularity: 0, queryRelevance: 0, categoryMatch: 0, businessStatus: 0, dataCompleteness: 0)
        let relevanceOnly = ScoringWeights(
            distance: 0, popularity: 0, queryRelevance: 1, categoryMatch: 0, businessStatus: 0, dataCompleteness: 0)
        let request = SearchRequest(text: "Far", center: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        let byDistance = PreferenceScorer(preferences: Preferences(nameQuery: distanceOnly))
            .order([far, close, same], for: request, now: noon, timeZone: .gmt)
        #expect(byDistance.map(\.place.name) == ["Close", "Same", "Far"])
        let byRelevance = PreferenceScorer(preferences: Preferences(nameQuery: relevanceOnly, categoryQuery: distanceOnly))
            .order([close, same, far], for: request, now: noon, timeZone: .gmt)
        #expect(byRelevance.map(\.place.name) == ["Far", "Close", "Same"])
    }
}

@Suite("MapKit's categories and steps, read on Linux")
struct AppleMapsReadingTests {
    @Test("a chip's category maps to MapKit's categories and back")
    func categories() {
        #expect(AppleMapsItem.appleCategories(for: "cafe") == ["MKPOICategoryCafe"])
        #expect(AppleMapsItem.appleCategories(for: "restaurant") == ["MKPOICategoryRestaurant"])
        #expect(AppleMapsItem.appleCategories(for: "no-such-category").isEmpty)
    }

    @Test(
        "MapKit's instructions become manoeuvres",
        arguments: [
            ("Proceed to the route", 0, RouteStepManeuver.depart), ("Turn left onto Mannerheimintie", 1, .left),
            ("Turn right onto Aleksanterinkatu", 2, .right), ("Keep left at the fork", 3, .slightLeft),
            ("Make a sharp right", 4, .sharpRight), ("Make a U-turn", 5, .uTurn),
            ("Continue on Esplanadi", 6, .continue), ("The destination is on your left", 7, .arrive),
        ])
    func steps(instruction: String, index: Int, expected: RouteStepManeuver) {
        #expect(AppleMapsSteps.maneuver(instruction: instruction, index: index, count: 8) == expected)
    }
}

typealias RouteStepManeuver = RouteStep.Maneuver
