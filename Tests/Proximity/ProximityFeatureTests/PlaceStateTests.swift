import Foundation
import GeoKit
import ProximityFeature
import ProximityKit
import Testing

/// What the places screen needs to say without colour (alerting, watched, visited) and the
/// trigger of its "saved" haptic.
@Suite("A place's state on the list and the map, and the saved haptic's trigger")
@MainActor
struct PlaceStateTests {
    static let here = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let start = 1_750_420_800.0

    @Test("a place whose alert went off is alerting on the list and the map until the user leaves it")
    func alerting() async throws {
        let device = try Device(clock: Self.start)
        let near = SavedPlace(id: "near", tripID: "a", name: "Regatta", coordinate: Self.here)
        let other = SavedPlace(id: "other", tripID: "a", name: "Far", coordinate: try Spherical.destination(from: Self.here, bearing: 0, distance: 5_000))
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [near, other])
        let tracking = TrackingModel(environment: device.environment)
        let model = TripPlacesModel(tripID: "a", environment: device.environment, tracking: tracking)
        await tracking.handle(.fix(LocationFix(coordinate: Self.here, accuracy: 5, time: Self.start)))
        #expect(device.poster.posted.map(\.placeIDs) == [["near"]])
        model.load()
        #expect(model.state.rows.first { $0.id == "near" }?.isAlerting == true)
        #expect(model.state.rows.first { $0.id == "other" }?.isAlerting == false)
        #expect(model.state.map.annotations.first { $0.id == "near" }?.isAlerting == true)

        let away = try Spherical.destination(from: Self.here, bearing: 180, distance: 1_500)
        await tracking.handle(.fix(LocationFix(coordinate: away, accuracy: 5, time: Self.start + 600)))
        model.load()
        #expect(model.state.rows.allSatisfy { !$0.isAlerting })
        #expect(model.state.map.annotations.allSatisfy { !$0.isAlerting })
    }

    @Test("each save that worked (a pin, an edit, an import) counts once; a refused edit does not")
    func savedCount() async throws {
        let device = try Device(clock: Self.start)
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [])
        let tracking = TrackingModel(environment: device.environment)
        let model = TripPlacesModel(tripID: "a", environment: device.environment, tracking: tracking)
        model.load()
        #expect(model.state.savedCount == 0)
        await model.dropPin(at: Self.here)
        #expect(model.state.savedCount == 1)
        var place = try #require(model.state.rows.first?.place)
        place.alertRadius = 10
        #expect(await model.edit(place) == false)
        #expect(model.state.savedCount == 1, "a refused edit is not a save")
        place.alertRadius = 300
        #expect(await model.edit(place))
        #expect(model.state.savedCount == 2)
    }
}
