import Foundation
import GeoKit
import ProximityFeature
import ProximityKit
import LociTestSupport
import Testing

/// The app's run loop: device streams into the model, one input at a time.
@Suite("The tracking model listening to the device streams")
@MainActor
struct ListeningTests {
    @Test("a region entry from the monitor's stream posts; Navigate from the poster's stream opens Maps; activity and permission arrive too")
    func streams() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device(clock: fixes[0].time)
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        let loop = Task { await model.listen() }
        defer { loop.cancel() }

        // Stand just inside the first place the walk announces, with the OS reporting the entry.
        let firstID = try #require(Tracks.reference(fixes, set, .everyFix).first.map { String($0.split(separator: ":", maxSplits: 1)[1]) })
        let place = try #require(set.places.first { $0.id == firstID })
        let start = LocationFix(coordinate: try Spherical.destination(from: place.coordinate, bearing: 0, distance: 2_000), accuracy: 10, time: fixes[0].time)
        await model.handle(.fix(start))
        device.locator.set(LocationFix(coordinate: place.coordinate, accuracy: 5, time: start.time + 900))
        device.monitor.emit(MonitorEvent(conditionID: RegionIdentifier.conditionID(placeID: place.id), state: .satisfied, time: start.time + 890))
        #expect(await eventually { device.poster.posted.contains { $0.placeIDs.first == place.id } })

        let posted = try #require(device.poster.posted.last)
        device.poster.respond(
            NotificationResponse(identifier: posted.identifier, actionID: NotificationCategory.navigateAction, placeIDs: posted.placeIDs, tripID: posted.tripID))
        #expect(await eventually { device.maps.requests.map(\.placeID) == [place.id] })

        let walkingRadius = try #require(model.status.refreshRegion?.radius)
        device.motion.send(.automotive, time: start.time + 950)
        #expect(await eventually { (model.status.refreshRegion?.radius ?? 0) > walkingRadius })

        device.authorizer.change(to: .denied)
        #expect(await eventually { model.status.permission == .denied && device.monitor.snapshot.isEmpty })
        #expect(model.status.permissionSummary == ProximityCopy.permission(.denied))
    }

    @Test("Always guidance: from When In Use the prompt upgrades, and the planned set is monitored again")
    func requestAlways() async throws {
        let device = try Device(authorization: .whenInUse, clock: 1_750_420_800)
        let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        try device.seed(
            trip: Trip(id: "a", name: "Helsinki"),
            places: [SavedPlace(id: "p", tripID: "a", name: "P", coordinate: try Spherical.destination(from: here, bearing: 45, distance: 900))])
        let model = TrackingModel(environment: device.environment)
        await model.handle(.fix(LocationFix(coordinate: here, accuracy: 10, time: 1_750_420_800)))
        #expect(device.monitor.snapshot.isEmpty)
        #expect(model.status.canRequestAlways)
        await model.requestAlways()
        #expect(model.status.permission == .always)
        #expect(!model.status.canRequestAlways)
        #expect(device.monitor.snapshot.map(\.id) == ["place:p", "refresh"])
        #expect(model.status.monitoredPlaces == 1 && model.status.totalPlaces == 1)
        #expect(await model.requestNotifications())
        #expect(model.status.notificationsAllowed)
        device.clock.set(1_750_420_800 + 95)
        model.refreshStatus()
        #expect(model.status.lastFixAge == 95)
    }
}
