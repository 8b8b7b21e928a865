import Foundation
import GeoKit
import PlaceKit
import ProximityFeature
import ProximityKit
import ProximityStore
import Testing

/// Issue 35's Proximity flows: a place's own radius and note, the latency notice, visited places
/// and a trip's progress.
@Suite("Edit a place, the latency notice, visited and progress")
@MainActor
struct PlaceEditingTests {
    static let june20 = 1_750_420_800.0  // 2025-06-20 12:00 UTC
    static let helsinki = Trip(id: "t", name: "Helsinki", alertRadius: 500, timeZone: "Europe/Helsinki")

    static func places() throws -> [SavedPlace] {
        [
            SavedPlace(id: "a", tripID: "t", name: "Ateneum", coordinate: try Coordinate(latitude: 60.1700, longitude: 24.9440)),
            SavedPlace(id: "b", tripID: "t", name: "Regatta", coordinate: try Coordinate(latitude: 60.1835, longitude: 24.9130)),
        ]
    }

    /// A launched tracking model with a fix near the places, and the trip's places screen.
    private func open(_ device: Device) async throws -> (TrackingModel, TripPlacesModel) {
        let tracking = TrackingModel(environment: device.environment)
        await tracking.handle(.fix(LocationFix(coordinate: try Coordinate(latitude: 60.1699, longitude: 24.9384), accuracy: 10, time: Self.june20)))
        let model = TripPlacesModel(tripID: "t", environment: device.environment, tracking: tracking)
        model.load()
        return (tracking, model)
    }

    private func radius(of placeID: String, in device: Device) -> Double? {
        device.monitor.snapshot.first { $0.id == RegionIdentifier.conditionID(placeID: placeID) }?.radius
    }

    @Test("editing a place's own radius changes the region the OS watches; clearing it goes back to the trip's")
    func editRadius() async throws {
        let device = try Device(clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: try Self.places())
        let (_, model) = try await open(device)
        #expect(radius(of: "a", in: device) == 500)

        var ateneum = try #require(model.state.rows.first { $0.id == "a" }).place
        ateneum.alertRadius = 150
        ateneum.note = "  free on Fridays \n"
        #expect(await model.edit(ateneum))
        #expect(radius(of: "a", in: device) == 150, "the monitored region follows the place's radius")
        #expect(radius(of: "b", in: device) == 500, "the other place keeps the trip's")
        let row = try #require(model.state.rows.first { $0.id == "a" })
        #expect(row.radius == 150)
        #expect(row.place.note == "free on Fridays", "the note is trimmed")
        let marker = try #require(model.state.map.annotations.first { $0.id == "a" })
        #expect(marker.radius == 150)
        #expect(marker.note == "free on Fridays", "the marker's details show the note")

        var cleared = row.place
        cleared.alertRadius = nil
        cleared.note = "   "
        #expect(await model.edit(cleared))
        #expect(radius(of: "a", in: device) == 500)
        #expect(try device.service.places(ofTrip: "t").first { $0.id == "a" }?.note == nil, "a blank note is no note")
    }

    @Test("a radius outside 50–50 000 m is refused naming the field, nothing changes, and the error stays shown")
    func refusesBadRadius() async throws {
        let device = try Device(clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: try Self.places())
        let (_, model) = try await open(device)
        var ateneum = try #require(model.state.rows.first { $0.id == "a" }).place
        ateneum.alertRadius = 10
        #expect(await model.edit(ateneum) == false)
        #expect(model.state.error?.contains("radius_m") == true)
        #expect(radius(of: "a", in: device) == 500)
        #expect(try device.service.places(ofTrip: "t").first { $0.id == "a" }?.alertRadius == nil)
    }

    @Test("the latency notice: the trip's radius less the walking refresh region, in the form and on the places screen")
    func latencyNotice() async throws {
        let device = try Device(clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: try Self.places())
        let (_, model) = try await open(device)
        #expect(model.state.latency.hasPrefix("With a 500 m radius you are told at best about 300 m before a place"))
        #expect(model.latency(radius: 150).hasPrefix("With a 150 m radius you are told at best about 0 m"))

        let form = TripFormModel(editing: Self.helsinki, environment: device.environment)
        form.draft.alertRadius = 1_000
        #expect(form.latencyNotice.hasPrefix("With a 1.0 km radius you are told at best about 800 m before a place"))
    }

    @Test("opening an alert marks its nearest place visited; the trip shows progress, also after a relaunch")
    func visitedAndProgress() async throws {
        let device = try Device(clock: Self.june20)
        try device.seed(trip: Self.helsinki, places: try Self.places())
        let (tracking, model) = try await open(device)
        #expect(model.state.progress == "0 of 2 visited")

        // Snooze and dismiss are not a visit.
        for action in [NotificationCategory.snoozeAction, NotificationResponse.dismissAction] {
            await tracking.handle(
                .notificationResponse(NotificationResponse(identifier: "n", actionID: action, placeIDs: ["a"], tripID: "t")))
        }
        model.load()
        #expect(model.state.progress == "0 of 2 visited")

        // A tap on the alert naming Ateneum (nearest) and Regatta: Ateneum is visited.
        device.clock.set(Self.june20 + 60)
        await tracking.handle(
            .notificationResponse(
                NotificationResponse(identifier: "n", actionID: NotificationResponse.defaultAction, placeIDs: ["a", "b"], tripID: "t")))
        #expect(tracking.tripToOpen == "t")
        model.load()
        #expect(model.state.progress == "1 of 2 visited")
        #expect(model.state.visitedCount == 1)
        #expect(model.state.rows.first { $0.id == "a" }?.place.visitedAt == Self.june20 + 60)
        #expect(model.state.map.annotations.first { $0.id == "a" }?.isVisited == true)
        #expect(model.state.rows.first { $0.id == "b" }?.place.isVisited == false)

        // Navigate from a later alert visits Regatta; a second tap on Ateneum keeps its first visit.
        device.clock.set(Self.june20 + 120)
        await tracking.handle(
            .notificationResponse(
                NotificationResponse(identifier: "m", actionID: NotificationCategory.navigateAction, placeIDs: ["b"], tripID: "t")))
        await tracking.handle(
            .notificationResponse(
                NotificationResponse(identifier: "n", actionID: NotificationResponse.defaultAction, placeIDs: ["a"], tripID: "t")))

        // Relaunch: a new store on the same file, new models.
        let reopened = TripService(
            store: try TripStore(path: device.service.store.path),
            places: { throw ProximityFieldError(field: nil, "no place store in these tests") })
        var environment = device.environment
        environment.trips = reopened
        let relaunched = TrackingModel(environment: environment)
        let places = TripPlacesModel(tripID: "t", environment: environment, tracking: relaunched)
        places.load()
        #expect(places.state.progress == "2 of 2 visited")
        #expect(places.state.rows.first { $0.id == "a" }?.place.visitedAt == Self.june20 + 60)
        let list = TripsListModel(environment: environment)
        list.load()
        #expect(list.state.active.first?.progress == "2 of 2 visited")

        // Editing a visited place keeps the visit.
        var ateneum = try #require(places.state.rows.first { $0.id == "a" }).place
        ateneum.visitedAt = nil
        ateneum.note = "again"
        #expect(await places.edit(ateneum))
        #expect(places.state.rows.first { $0.id == "a" }?.place.isVisited == true)
    }
}
