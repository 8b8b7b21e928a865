import Foundation
import GeoKit
import PlaceFiles
import ProximityFeature
import ProximityKit
import Testing

/// The share-sheet import and export of a trip's places.
@Suite("Place files in and out of a trip's places screen")
@MainActor
struct PlaceFileImportTests {
    @Test("the walk's places imported as GeoJSON into an empty trip replay to the same notifications, in both wake-up models",
          arguments: WakeupMode.allCases)
    func geoJSONReplays(mode: WakeupMode) async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let geoJSON = PlaceFileWriter.write(set.places, of: set.trip, as: .geoJSON)
        let device = try Device(clock: fixes[0].time)
        try device.seed(trip: set.trip, places: [])
        let tracking = TrackingModel(environment: device.environment)
        let places = TripPlacesModel(tripID: set.trip.id, environment: device.environment, tracking: tracking)
        #expect(await places.importData(geoJSON))
        #expect(places.state.lastImport == PlaceImportOutcome(format: "GeoJSON", added: set.places.count, replaced: 0))
        #expect(places.state.rows.count == set.places.count)
        #expect(tracking.status.totalPlaces == set.places.count)
        let simulator = PhoneSimulator(device: device)
        switch mode {
        case .everyFix: await simulator.runEveryFix(fixes, model: tracking)
        case .ios: await simulator.runIOS(fixes, model: tracking)
        }
        #expect(device.poster.posted.map(\.plannerID) == Tracks.reference(fixes, set, mode))
    }

    @Test("a hostile file is refused naming the feature and field, and writes nothing")
    func hostile() async throws {
        let device = try Device()
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [])
        let model = TripPlacesModel(tripID: "a", environment: device.environment, tracking: TrackingModel(environment: device.environment))
        let file = Data(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "properties": {"name": "Good"}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[24.94, 60.17], [24.95, 60.18]]}, "properties": {"name": "Bad"}}
            ]}
            """.utf8)
        #expect(await model.importData(file) == false)
        let error = try #require(model.state.error)
        #expect(error.contains("features[1]") && error.contains("geometry.type"), "\(error)")
        #expect(model.state.lastImport == nil)
        #expect(try device.service.places(ofTrip: "a").isEmpty)
    }

    @Test("export writes the trip's places for the share sheet, and they import back unchanged")
    func exportRoundTrip() async throws {
        let (_, set) = try Tracks.load("bike-to-work")
        let device = try Device()
        try device.seed(set)
        try device.seed(trip: Trip(id: "copy", name: "Copy"), places: [])
        let tracking = TrackingModel(environment: device.environment)
        let source = TripPlacesModel(tripID: set.trip.id, environment: device.environment, tracking: tracking)
        let export = try #require(source.export(as: .gpx))
        #expect(export.fileName == "\(set.trip.name).gpx")
        #expect(export.places == set.places.count)
        let copy = TripPlacesModel(tripID: "copy", environment: device.environment, tracking: tracking)
        #expect(await copy.importData(export.data))
        let imported = try device.service.places(ofTrip: "copy").map { SavedPlace(id: $0.id, tripID: "file", name: $0.name, coordinate: $0.coordinate, category: $0.category, openingHours: $0.openingHours) }
        let original = try device.service.places(ofTrip: set.trip.id).map { SavedPlace(id: $0.id, tripID: "file", name: $0.name, coordinate: $0.coordinate, category: $0.category, openingHours: $0.openingHours) }
        #expect(imported == original)
    }
}
