import Foundation
import GeoKit
import Testing
@testable import ProximityKit

/// A place's own alert radius overrides its trip's, in the planner's entry test, its regions and
/// the replay report.
@Suite("Per-place alert radius")
struct PerPlaceRadiusTests {
    /// On the committed bike ride, passed 11 m away (open at the time).
    static let placeID = "osm:node/4727521421"

    static func replay(radius: Double?, tripRadius: Double, mode: WakeupMode) throws -> (ReplayReport, [LocationFix]) {
        let (fixes, set, _) = try CommittedTrackTests.load("bike-to-work")
        var trip = set.trip
        trip.alertRadius = tripRadius
        let places = set.places.map { place in
            var place = place
            if place.id == placeID { place.alertRadius = radius }
            return place
        }
        var configuration = PlannerConfiguration()
        configuration.mealWindows = [:]
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [trip]), configuration: configuration)
        return (TrackReplay(planner: planner, mode: mode).run(fixes), fixes)
    }

    static func firstAnnouncement(_ report: ReplayReport) -> (time: Double, distance: Double)? {
        for entry in report.timeline {
            if let index = entry.notification.placeIDs.firstIndex(of: placeID) {
                return (entry.notification.time, entry.notification.distances[index])
            }
        }
        return nil
    }

    @Test("on a real ride, a place with a 50 m radius alerts later and closer than with the trip's 300 m", arguments: WakeupMode.allCases)
    func smallRadiusAlertsLater(mode: WakeupMode) throws {
        let (wide, _) = try Self.replay(radius: nil, tripRadius: 300, mode: mode)
        let (narrow, _) = try Self.replay(radius: 50, tripRadius: 300, mode: mode)
        let early = try #require(Self.firstAnnouncement(wide))
        let late = try #require(Self.firstAnnouncement(narrow))
        #expect(late.time > early.time)
        #expect(late.distance <= 50)
        #expect(early.distance > 50)
        #expect(narrow.missed.allSatisfy { $0.placeID != Self.placeID })
    }

    @Test("a place's own radius is the radius of its monitored region; the others keep the trip's")
    func regionRadius() throws {
        let trip = Trip(id: "t", name: "T", alertRadius: 300)
        let here = try Coordinate(latitude: 60.17, longitude: 24.94)
        let places = [
            SavedPlace(id: "own", tripID: "t", name: "Own", coordinate: try Coordinate(latitude: 60.171, longitude: 24.94), alertRadius: 75),
            SavedPlace(id: "trip", tripID: "t", name: "Trip", coordinate: try Coordinate(latitude: 60.172, longitude: 24.94)),
        ]
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [trip]))
        let output = planner.step(PlannerState(), .fix(LocationFix(coordinate: here, accuracy: 5, time: 1_750_000_000)))
        let regions = try #require(output.regions)
        #expect(regions.first { $0.id == "place:own" }?.radius == 75)
        #expect(regions.first { $0.id == "place:trip" }?.radius == 300)
    }

    @Test("a radius larger than any trip's widens the catalog's reach")
    func catalogReach() throws {
        let trip = Trip(id: "t", name: "T", alertRadius: 200)
        let place = SavedPlace(id: "p", tripID: "t", name: "P", coordinate: try Coordinate(latitude: 60, longitude: 24), alertRadius: 2_000)
        #expect(PlaceCatalog(places: [place], trips: [trip]).maximumRadius == 2_000)
        // 1.5 km away: inside the place's 2 km, far outside the trip's 200 m.
        let fix = LocationFix(coordinate: try Coordinate(latitude: 60.0135, longitude: 24), accuracy: 5, time: 1_750_000_000)
        let output = ProximityPlanner(catalog: PlaceCatalog(places: [place], trips: [trip])).step(PlannerState(), .fix(fix))
        #expect(output.notifications.first?.placeIDs == ["p"])
    }

    @Test("validation refuses a place radius outside 50–50000 m and an overlong note")
    func validation() throws {
        let coordinate = try Coordinate(latitude: 60, longitude: 24)
        for radius in [-1.0, 0, 49.9, 50_001, .infinity, .nan] {
            let place = SavedPlace(id: "p", tripID: "t", name: "P", coordinate: coordinate, alertRadius: radius)
            #expect(throws: ProximityFieldError.self) { try TripValidation.check(place) }
        }
        #expect(throws: Never.self) { try TripValidation.check(SavedPlace(id: "p", tripID: "t", name: "P", coordinate: coordinate, alertRadius: 50)) }
        let long = SavedPlace(id: "p", tripID: "t", name: "P", coordinate: coordinate, note: String(repeating: "n", count: 2_001))
        #expect(throws: ProximityFieldError.self) { try TripValidation.check(long) }
    }

    @Test("old JSON without radius and note still decodes; new JSON keeps them")
    func codableCompatibility() throws {
        // What a place encoded before the fields existed looks like: no alertRadius, no note.
        let plain = SavedPlace(id: "a", tripID: "t", name: "A", coordinate: try Coordinate(latitude: 60, longitude: 24))
        let old = try JSONEncoder().encode(plain)
        #expect(!String(decoding: old, as: UTF8.self).contains("alertRadius"))
        let decoded = try JSONDecoder().decode(SavedPlace.self, from: old)
        #expect(decoded == plain)
        var place = decoded
        place.alertRadius = 120
        place.note = "n"
        #expect(try JSONDecoder().decode(SavedPlace.self, from: JSONEncoder().encode(place)) == place)
        let set = try PlaceSet(json: Data(#"{"trip": {"name": "x"}, "places": [{"id": "a", "name": "A", "lat": 1, "lon": 2}]}"#.utf8))
        #expect(set.places[0].alertRadius == nil)
    }
}
