import Foundation
import GeoKit
import PlaceFiles
import PlaceKit
import ProximityFeature
import ProximityKit
import ProximityStore
import Testing

/// Dropping a pin on the map, and the location prompt when the first place is added.
@Suite("Drop a pin; ask for location with the first place")
@MainActor
struct DropPinTests {
    static let june20 = 1_750_420_800.0  // 2025-06-20 12:00 UTC
    static let helsinki = Trip(id: "a", name: "Helsinki", timeZone: "Europe/Helsinki")

    private func places(_ device: Device) -> (TrackingModel, TripPlacesModel) {
        let tracking = TrackingModel(environment: device.environment)
        return (tracking, TripPlacesModel(tripID: "a", environment: device.environment, tracking: tracking))
    }

    @Test("a long press adds a place named by the geocoder, at the pressed point, watched")
    func namedPin() async throws {
        let device = try Device(clock: Self.june20, geocoder: InMemoryReverseGeocoder(name: " Ateneum "))
        try device.seed(trip: Self.helsinki, places: [])
        let (tracking, model) = places(device)
        await tracking.handle(.fix(LocationFix(coordinate: try Coordinate(latitude: 60.1699, longitude: 24.9384), accuracy: 10, time: Self.june20)))
        let point = try Coordinate(latitude: 60.169_95, longitude: 24.944_03)
        await model.dropPin(at: point)

        #expect(device.geocoder.asked == [point])
        let row = try #require(model.state.rows.first)
        #expect(model.state.rows.count == 1)
        #expect(row.place.name == "Ateneum")
        #expect(row.place.coordinate == point)
        #expect(row.id == "pin:60.16995,24.94403")
        #expect(try device.service.places(ofTrip: "a").map(\.name) == ["Ateneum"], "kept in the store")
        #expect(tracking.status.monitoredPlaceIDs == ["pin:60.16995,24.94403"])

        await model.dropPin(at: point)
        #expect(model.state.rows.count == 1, "the same point dropped again is the same place")
    }

    @Test("offline (the geocoder fails) or an unnamed point: still added, named by its coordinates")
    func fallbackName() async throws {
        let device = try Device(clock: Self.june20, geocoder: InMemoryReverseGeocoder(failing: ReverseGeocoderError("offline")))
        try device.seed(trip: Self.helsinki, places: [])
        let (_, model) = places(device)
        await model.dropPin(at: try Coordinate(latitude: 60.1, longitude: -0.000_004))
        #expect(model.state.rows.map(\.place.name) == ["Dropped pin 60.10000, 0.00000"], "no minus sign on a rounded zero")
        #expect(model.state.error == nil, "a pin without a name is not an error")

        let unnamed = try Device(clock: Self.june20, geocoder: InMemoryReverseGeocoder(name: nil))
        try unnamed.seed(trip: Self.helsinki, places: [])
        let (_, other) = places(unnamed)
        await other.dropPin(at: try Coordinate(latitude: -33.856_78, longitude: 151.215_3))
        #expect(other.state.rows.map(\.place.name) == ["Dropped pin -33.85678, 151.21530"])
    }

    @Test("the first place added asks for location once; later places do not ask again")
    func asksOnFirstPlace() async throws {
        let device = try Device(authorization: .notDetermined, clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: [])
        let (tracking, model) = places(device)
        await tracking.launch()
        #expect(device.authorizer.prompts == 0, "opening the app does not ask")
        model.load()
        #expect(device.authorizer.prompts == 0, "opening an empty trip does not ask")

        await model.dropPin(at: try Coordinate(latitude: 60.17, longitude: 24.94))
        #expect(device.authorizer.prompts == 1)
        #expect(tracking.status.permission == .always, "the answer is applied")
        await model.dropPin(at: try Coordinate(latitude: 60.18, longitude: 24.95))
        #expect(device.authorizer.prompts == 1)
    }

    @Test("a place file's places are first places too: the share sheet's import asks once, a later import does not")
    func asksOnFirstImportedPlaces() async throws {
        let device = try Device(authorization: .notDetermined, clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: [])
        let (tracking, model) = places(device)
        let file = PlaceFileWriter.write(
            [SavedPlace(id: "f1", tripID: "x", name: "Market", coordinate: try Coordinate(latitude: 60.1675, longitude: 24.9531))],
            of: Trip(id: "x", name: "File"), as: .geoJSON)
        let incoming = IncomingPlaceFileModel(
            data: file, fileName: "Market.geojson", environment: device.environment, tracking: tracking,
            timeZone: "Europe/Helsinki")
        #expect(await incoming.importPlaces())
        #expect(device.authorizer.prompts == 1)
        #expect(await model.importData(file))
        #expect(device.authorizer.prompts == 1)
    }

    @Test("a refusal at the first place is the answer: no second prompt with the next place")
    func refusalIsKept() async throws {
        let device = try Device(authorization: .notDetermined, clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: [])
        let refusing = InMemoryLocationAuthorizer(status: .notDetermined, answer: .denied)
        var environment = device.environment
        environment.authorizer = refusing
        let tracking = TrackingModel(environment: environment)
        let model = TripPlacesModel(tripID: "a", environment: environment, tracking: tracking)
        await model.dropPin(at: try Coordinate(latitude: 60.17, longitude: 24.94))
        await model.dropPin(at: try Coordinate(latitude: 60.18, longitude: 24.95))
        #expect(refusing.prompts == 1)
        #expect(tracking.status.permission == .denied)
    }
}
