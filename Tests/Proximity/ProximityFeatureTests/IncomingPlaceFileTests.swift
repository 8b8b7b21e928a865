import Foundation
import PlaceFiles
import ProximityFeature
import ProximityKit
import Testing

/// "Open in Proximity": a place file from another app, previewed, then imported into a trip.
@Suite("A place file handed to the app from the share sheet")
@MainActor
struct IncomingPlaceFileTests {
    @Test("a GeoJSON file is previewed, goes into the active trip by default, and replays like the Loci JSON")
    func intoActiveTrip() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device(clock: fixes[0].time)
        try device.seed(trip: set.trip, places: [])
        try device.seed(trip: Trip(id: "old", name: "Old trip", startDate: "2001-01-01", endDate: "2001-01-02"), places: [])
        let tracking = TrackingModel(environment: device.environment)
        let model = IncomingPlaceFileModel(
            data: PlaceFileWriter.write(set.places, of: set.trip, as: .geoJSON), fileName: "Walk.geojson",
            environment: device.environment, tracking: tracking, timeZone: "Europe/Helsinki")
        #expect(model.state.format == "GeoJSON")
        #expect(model.state.placeCount == set.places.count)
        #expect(model.state.sampleNames == Array(set.places.prefix(5).map(\.name)))
        #expect(model.state.trips.map(\.trip.id) == [set.trip.id, "old"], "the active trip first, the past one last")
        #expect(model.state.chosenTripID == set.trip.id)
        #expect(model.state.choosesDestination)
        #expect(await model.importPlaces())
        #expect(model.state.imported == PlaceImportOutcome(format: "GeoJSON", added: set.places.count, replaced: 0))
        #expect(model.state.canImport == false, "imported once; the button is done")
        #expect(model.state.choosesDestination == false)
        #expect(tracking.status.totalPlaces == set.places.count)
        await PhoneSimulator(device: device).runIOS(fixes, model: tracking)
        #expect(device.poster.posted.map(\.plannerID) == Tracks.reference(fixes, set, .ios))
    }

    @Test("with no trip chosen, a new trip is made, named after the file, in the device's zone")
    func intoNewTrip() async throws {
        let (_, set) = try Tracks.load("bike-to-work")
        let device = try Device()
        let model = IncomingPlaceFileModel(
            data: PlaceFileWriter.write(set.places, of: set.trip, as: .gpx), fileName: "Commute stops.gpx",
            environment: device.environment, timeZone: "Europe/Helsinki")
        #expect(model.state.chosenTripID == nil, "no trips yet")
        #expect(model.state.newTripName == "Commute stops")
        #expect(await model.importPlaces())
        let trip = try device.service.trip(named: "Commute stops")
        #expect(trip.timeZone == "Europe/Helsinki")
        #expect(model.state.importedTripID == trip.id)
        #expect(try device.service.places(ofTrip: trip.id).count == set.places.count)
    }

    @Test("a hostile file is refused before a trip is picked, names the feature and field, and nothing is made")
    func hostile() async throws {
        let device = try Device()
        let file = Data(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "properties": {"name": "Good"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.95, 95.0]}, "properties": {"name": "Bad"}}
            ]}
            """.utf8)
        let model = IncomingPlaceFileModel(data: file, fileName: "bad.geojson", environment: device.environment, timeZone: "UTC")
        let error = try #require(model.state.error)
        #expect(error.hasPrefix("bad.geojson could not be read: ") && error.contains("features[1]"), "\(error)")
        #expect(model.state.format == nil && model.state.canImport == false && model.state.choosesDestination == false)
        #expect(await model.importPlaces() == false)
        #expect(try device.service.trips().isEmpty, "no trip was made for a refused file")
    }

    @Test("a new trip whose name is taken is refused with the reason, and the existing trip keeps its places")
    func takenName() async throws {
        let (_, set) = try Tracks.load("bike-to-work")
        let device = try Device()
        try device.seed(trip: Trip(id: "x", name: "Stops", startDate: "2001-01-01", endDate: "2001-01-02"), places: [])
        let model = IncomingPlaceFileModel(
            data: PlaceFileWriter.write(set.places, of: set.trip, as: .geoJSON), fileName: "Stops.geojson",
            environment: device.environment, timeZone: "UTC")
        #expect(model.state.chosenTripID == nil, "a past trip is not the default destination")
        #expect(await model.importPlaces() == false)
        #expect(model.state.error != nil)
        #expect(try device.service.trips().count == 1)
        #expect(try device.service.places(ofTrip: "x").isEmpty)
    }
}
