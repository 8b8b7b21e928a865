import Foundation
import GeoKit
import PlaceKit
import ProximityFeature
import ProximityKit
import ProximityStore
import Testing

/// The trips list, the trip form and a trip's places, against a real trip store.
@Suite("Trips, the trip form and a trip's places")
@MainActor
struct TripScreensTests {
    static let june20 = 1_750_420_800.0  // 2025-06-20 12:00 UTC

    @Test("the list sorts trips into active, upcoming and past by the injected clock, in each trip's zone")
    func sections() async throws {
        let device = try Device(clock: Self.june20)
        try device.seed(trip: Trip(id: "a", name: "Now", startDate: "2025-06-16", endDate: "2025-06-22"), places: [])
        try device.seed(trip: Trip(id: "b", name: "Later", startDate: "2025-07-01", endDate: "2025-07-05"), places: [])
        try device.seed(trip: Trip(id: "c", name: "Before", startDate: "2025-05-01", endDate: "2025-05-03"), places: [])
        try device.seed(trip: Trip(id: "d", name: "Open"), places: [])
        // 2025-06-21 starts at 10:00 UTC in Kiritimati (UTC+14): already today there, not in UTC.
        try device.seed(trip: Trip(id: "e", name: "Kiritimati", startDate: "2025-06-21", timeZone: "Pacific/Kiritimati"), places: [])
        let list = TripsListModel(environment: device.environment)
        list.load()
        #expect(list.state.active.map(\.trip.name) == ["Kiritimati", "Now", "Open"])
        #expect(list.state.upcoming.map(\.trip.name) == ["Later"])
        #expect(list.state.past.map(\.trip.name) == ["Before"])
        device.clock.set(Self.june20 + 14 * 86_400)
        list.load()
        #expect(list.state.past.map(\.trip.name) == ["Now", "Before"])
        #expect(list.state.active.map(\.trip.name) == ["Kiritimati", "Later", "Open"])
    }

    @Test("delete removes the trip and its places; undo puts both back and tells tracking")
    func deleteAndUndo() async throws {
        let device = try Device(clock: Self.june20)
        let places = [
            SavedPlace(id: "p1", tripID: "a", name: "One", coordinate: try Coordinate(latitude: 60.17, longitude: 24.94)),
            SavedPlace(id: "p2", tripID: "a", name: "Two", coordinate: try Coordinate(latitude: 60.18, longitude: 24.95)),
        ]
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: places)
        var changes = 0
        let list = TripsListModel(environment: device.environment, changed: { changes += 1 })
        list.load()
        await list.delete(tripID: "a")
        #expect(list.state.isEmpty)
        #expect(list.state.undo?.places.count == 2)
        #expect(try device.service.trips().isEmpty)
        await list.undoDelete()
        #expect(list.state.undo == nil)
        #expect(list.state.active.map(\.placeCount) == [2])
        #expect(try device.service.places(ofTrip: "a").map(\.id) == ["p1", "p2"])
        #expect(changes == 2)
    }

    @Test("switching a trip off saves through update and takes its places out of tracking")
    func switchOff() async throws {
        let (_, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device(clock: Self.june20)
        try device.seed(set)
        let tracking = TrackingModel(environment: device.environment)
        await tracking.launch()
        #expect(tracking.status.totalPlaces == set.places.count)
        let list = TripsListModel(environment: device.environment, changed: { await tracking.reloadPlaces() })
        await list.setActive(false, tripID: set.trip.id)
        #expect(try device.service.trip(named: set.trip.id).isActive == false)
        #expect(tracking.status.totalPlaces == 0)
    }

    @Test("the form refuses an invalid draft naming the field, and creates and edits valid ones")
    func form() async throws {
        let device = try Device(clock: Self.june20)
        let create = TripFormModel(creatingIn: "Europe/Helsinki", environment: device.environment)
        create.draft.name = "  "
        #expect(await create.save() == nil)
        #expect(create.invalidField == "name")
        #expect(create.errorMessage == ProximityCopy.fieldError(ProximityFieldError(field: "name", "must not be empty")))
        create.draft.name = "Lisbon"
        create.draft.alertRadius = 10
        #expect(create.validate() == false)
        #expect(create.invalidField == "alert_radius_m")
        create.draft.alertRadius = 300
        create.draft.setStart(Date(timeIntervalSince1970: Self.june20))
        create.draft.setEnd(Date(timeIntervalSince1970: Self.june20 - 86_400))
        #expect(create.validate() == false)
        #expect(create.invalidField == "end_date")
        #expect(create.errorMessage == "The trip ends before it starts.")
        create.draft.setEnd(Date(timeIntervalSince1970: Self.june20 + 3 * 86_400))
        let created = try #require(await create.save())
        #expect(created.startDate == "2025-06-20" && created.endDate == "2025-06-23")

        let edit = TripFormModel(editing: created, environment: device.environment)
        edit.draft.name = "Lisbon and Porto"
        edit.draft.quietHours = QuietHours(start: 22 * 60, end: 7 * 60)
        _ = try #require(await edit.save())
        let stored = try device.service.trip(named: created.id)
        #expect(stored.name == "Lisbon and Porto")
        #expect(stored.quietHours == QuietHours(start: 22 * 60, end: 7 * 60))
        #expect(stored.alertRadius == 300)

        let clash = TripFormModel(creatingIn: "UTC", environment: device.environment)
        clash.draft.name = "lisbon and porto"
        #expect(await clash.save() == nil)
        #expect(clash.invalidField == "name")
    }

    @Test("places: add by search, edit, remove; the list, the map and the monitored count follow")
    func places() async throws {
        let cafe = Place(
            id: try #require(PlaceID(rawValue: "osm:node/1")), name: "Café Regatta", category: "cafe",
            coordinate: try Coordinate(latitude: 60.1835, longitude: 24.9130))
        let museum = Place(
            id: try #require(PlaceID(rawValue: "osm:node/2")), name: "Ateneum", category: "museum",
            coordinate: try Coordinate(latitude: 60.1700, longitude: 24.9440))
        let device = try Device(clock: Self.june20, search: [cafe, museum])
        try device.seed(trip: Trip(id: "a", name: "Helsinki", timeZone: "Europe/Helsinki"), places: [])
        let tracking = TrackingModel(environment: device.environment)
        await tracking.handle(.fix(LocationFix(coordinate: try Coordinate(latitude: 60.1699, longitude: 24.9384), accuracy: 10, time: Self.june20)))
        let model = TripPlacesModel(tripID: "a", environment: device.environment, tracking: tracking)
        model.load()
        #expect(model.state.rows.isEmpty)
        #expect(model.state.map.region == nil)

        await model.search("regatta")
        #expect(model.state.results.map(\.place.name) == ["Café Regatta"])
        await model.add(try #require(model.state.results.first))
        #expect(model.state.results.first?.isSaved == true)
        await model.search("")
        await model.add(try #require(model.state.results.first { $0.place.name == "Ateneum" }))
        #expect(model.state.rows.map(\.place.name) == ["Ateneum", "Café Regatta"], "nearest first from the last fix")
        #expect(model.state.rows.allSatisfy { $0.isMonitored })
        #expect(model.state.monitoredSummary == "2 of 2 places watched now")
        #expect(model.state.map.annotations.count == 2)
        let region = try #require(model.state.map.region)
        #expect(abs(region.center.latitude - (60.1835 + 60.1700) / 2) < 1e-9)
        #expect(region.latitudeDelta >= 0.0135 * 1.2 - 1e-9)
        #expect(tracking.status.monitoredPlaces == 2)

        var renamed = try #require(model.state.rows.first { $0.id == "osm:node/1" }).place
        renamed.name = "Regatta"
        await model.edit(renamed)
        #expect(model.state.rows.map(\.place.name).contains("Regatta"))

        await model.remove(placeID: "osm:node/2")
        #expect(model.state.rows.map(\.id) == ["osm:node/1"])
        #expect(tracking.status.monitoredPlaceIDs == ["osm:node/1"])

        await model.navigate(to: "osm:node/1")
        #expect(device.maps.requests.map(\.name) == ["Regatta"])
    }
}
