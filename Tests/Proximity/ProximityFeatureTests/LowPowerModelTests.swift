import Foundation
import GeoKit
import LociTestSupport
import ProximityFeature
import ProximityKit
import Testing

/// Low Power Mode reaches the planner through the tracking model: a larger refresh region, at once.
@Suite("Low Power Mode through the tracking model")
@MainActor
struct LowPowerModelTests {
    static let here = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let start = 1_750_420_800.0

    /// A device with one place far away (the refresh region is not capped by it).
    static func device() throws -> Device {
        let device = try Device(clock: start)
        let far = try Spherical.destination(from: here, bearing: 90, distance: 20_000)
        try device.seed(trip: Trip(id: "a", name: "Helsinki"), places: [SavedPlace(id: "far", tripID: "a", name: "Far", coordinate: far)])
        return device
    }

    func refreshRadius(_ device: Device) -> Double? {
        device.monitor.snapshot.first { $0.id == MonitoredRegion.refreshID }?.radius
    }

    @Test("switching it on grows the watched refresh region by the configured factor and says so; off shrinks it back")
    func switching() async throws {
        let device = try Self.device()
        let model = TrackingModel(environment: device.environment)
        await model.handle(.fix(LocationFix(coordinate: Self.here, accuracy: 10, time: Self.start)))
        let normal = try #require(refreshRadius(device))
        #expect(model.status.lowPowerSummary == nil)

        await model.handle(.lowPowerMode(true))
        let saving = try #require(refreshRadius(device))
        #expect(saving == normal * PlannerConfiguration().lowPowerRefreshFactor)
        #expect(model.status.refreshRegion?.radius == saving)
        #expect(model.status.lowPowerSummary == ProximityCopy.lowPower())
        #expect((try device.snapshots.load())?.regions.last?.radius == saving, "the snapshot keeps the larger region for a relaunch")

        await model.handle(.lowPowerMode(false))
        #expect(refreshRadius(device) == normal)
        #expect(model.status.lowPowerSummary == nil)
    }

    @Test("a launch in Low Power Mode plans the larger region from the first fix; a change on the stream is applied")
    func launchAndStream() async throws {
        let device = try Self.device()
        device.power.set(true)
        let model = TrackingModel(environment: device.environment)
        let loop = Task { await model.listen() }
        defer { loop.cancel() }
        await model.handle(.fix(LocationFix(coordinate: Self.here, accuracy: 10, time: Self.start)))
        let saving = try #require(refreshRadius(device))
        #expect(model.status.lowPowerSummary != nil)
        device.power.set(false)
        #expect(await eventually { (refreshRadius(device) ?? 0) < saving })
        #expect(await eventually { model.status.lowPowerSummary == nil })
    }
}
