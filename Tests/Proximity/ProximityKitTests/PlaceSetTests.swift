import Foundation
import ProximityKit
import Testing

@Suite("Place-set files")
struct PlaceSetTests {
    @Test("a full file decodes with defaults for what is optional")
    func decodes() throws {
        let json = """
            {"trip": {"name": "Walk", "alert_radius_m": 250, "time_zone": "Europe/Helsinki", "start_date": "2025-06-16",
                      "end_date": "2025-06-22", "active": true, "quiet_hours": {"start": "22:00", "end": "07:00"}},
             "places": [{"id": "osm:node/1", "name": "Café", "lat": 60.18, "lon": 24.91, "category": "cafe", "opening_hours": "Mo-Su 08:00-21:00"},
                        {"id": "x", "name": "Bare", "lat": -33.9, "lon": 151.2}]}
            """
        let set = try PlaceSet(json: Data(json.utf8))
        #expect(set.trip.alertRadius == 250)
        #expect(set.trip.quietHours == QuietHours(start: 22 * 60, end: 7 * 60))
        #expect(set.places.count == 2)
        #expect(set.places[0].openingHours?.raw == "Mo-Su 08:00-21:00")
        #expect(set.places[1].category == nil)
        let minimal = try PlaceSet(json: Data(#"{"trip": {"name": "M"}, "places": []}"#.utf8))
        #expect(minimal.trip.alertRadius == 500 && minimal.trip.timeZone == "UTC")
    }

    @Test("errors name the field", arguments: [
        (#"{"places": []}"#, "trip"),
        (#"{"trip": {"name": "M"}, "places": [{"id": "a", "name": "A", "lat": 1}]}"#, "places[0].lon"),
        (#"{"trip": {"name": "M"}, "places": [{"id": "a", "name": "A", "lat": "north", "lon": 1}]}"#, "places[0].lat"),
        (#"{"trip": {"name": "M", "alert_radius_m": 1}, "places": []}"#, "trip.alert_radius_m"),
        (#"{"trip": {"name": "M", "quiet_hours": {"start": "7pm", "end": "07:00"}}, "places": []}"#, "trip.quiet_hours"),
        (#"{"trip": {"name": "M"}, "places": [{"id": "a", "name": "A", "lat": 100, "lon": 1}]}"#, "places[0].lat/lon"),
        (#"{"trip": {"name": "M"}, "places": [{"id": "a", "name": " ", "lat": 1, "lon": 1}]}"#, "places[0].name"),
        ("[1, 2", "invalid JSON"),
    ])
    func errors(json: String, mentions: String) {
        #expect { _ = try PlaceSet(json: Data(json.utf8)) } throws: { "\($0)".contains(mentions) }
    }
}
