import Foundation
import GeoKit
import LociTestSupport
import PlaceFiles
import ProximityFeature
import ProximityKit
import Testing

/// Failures a person would want to know about are model state with a fix, never swallowed.
@Suite("Tracking failures a person can act on")
@MainActor
struct TrackingFailureTests {
    static let here = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test("a location request iOS could not show is an error with Open Settings; dismissing clears it")
    func permissionNotAsked() async throws {
        let device = try Device(authorization: .notDetermined)
        var environment = device.environment
        environment.authorizer = InMemoryLocationAuthorizer(status: .notDetermined, showsPrompts: false)
        let model = TrackingModel(environment: environment)
        await model.requestAlways()
        #expect(model.lastError == ProximityCopy.permissionRequestFailed())
        #expect(model.lastErrorFix == .openLocationSettings)
        model.dismissError()
        #expect(model.lastError == nil && model.lastErrorFix == TrackingFix.none)
    }

    @Test("a refusal is the person's answer, not an error")
    func refusalIsNoError() async throws {
        let device = try Device(authorization: .notDetermined)
        let model = TrackingModel(environment: InMemoryLocationAuthorizerSwap.environment(device, answer: .denied))
        await model.requestAlways()
        #expect(model.lastError == nil)
        #expect(model.status.permission == .denied)
    }

    @Test("asking to show alerts when the system cannot ask: the reason and Open notification settings")
    func alertsRequestFails() async throws {
        let device = try Device()
        let model = TrackingModel(environment: device.environment)
        device.poster.failRequests(with: .failed("the notification service is unavailable"))
        #expect(await model.requestNotifications() == false)
        #expect(model.status.notificationsAllowed == false)
        #expect(model.lastError == ProximityCopy.alertsRequestFailed("notifications: the notification service is unavailable"))
        #expect(model.lastErrorFix == .openNotificationSettings)
        device.poster.failRequests(with: nil)
        #expect(await model.requestNotifications())
        #expect(model.status.notificationsAllowed)
    }

    @Test("an alert that cannot be posted names the place and offers notification settings")
    func alertNotPosted() async throws {
        let device = try Device(clock: 1_750_420_800)
        let place = SavedPlace(id: "p", tripID: "a", name: "Regatta", coordinate: Self.here)
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [place])
        let poster = InMemoryNotificationPoster(authorized: false)
        var environment = device.environment
        environment.poster = poster
        let model = TrackingModel(environment: environment)
        await model.handle(.fix(LocationFix(coordinate: Self.here, accuracy: 5, time: 1_750_420_800)))
        await model.handle(.fix(LocationFix(coordinate: Self.here, accuracy: 5, time: 1_750_420_830)))
        #expect(poster.posted.isEmpty)
        #expect(model.lastError == ProximityCopy.alertNotPosted("Regatta", reason: "notifications: not authorized"))
        #expect(model.lastErrorFix == .openNotificationSettings)
        #expect(model.status.notificationsAllowed == false)
    }

    @Test("an export that cannot be written says so with the fix; a writable folder gets the file")
    func exportNotWritten() async throws {
        let device = try Device(clock: 1_750_420_800)
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [SavedPlace(id: "p", tripID: "a", name: "Regatta", coordinate: Self.here)])
        let tracking = TrackingModel(environment: device.environment)
        let model = TripPlacesModel(tripID: "a", environment: device.environment, tracking: tracking)
        model.load()
        let export = try #require(model.export(as: .gpx))
        let missing = device.folder.appendingPathComponent("no-such-folder/deeper")
        #expect(model.write(export, into: missing) == nil)
        let error = try #require(model.state.error)
        #expect(error.hasPrefix("Helsinki.gpx could not be saved for sharing: ") && error.hasSuffix("Free some space on the phone, then try again."), "\(error)")
        let url = try #require(model.write(export, into: device.folder))
        #expect(try Data(contentsOf: url) == export.data)
    }
}

/// An environment whose location prompt answers `answer`.
enum InMemoryLocationAuthorizerSwap {
    static func environment(_ device: Device, answer: LocationAuthorization) -> ProximityEnvironment {
        var environment = device.environment
        environment.authorizer = InMemoryLocationAuthorizer(status: .notDetermined, answer: answer)
        return environment
    }
}
