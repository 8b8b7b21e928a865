import AreaDownloads
import AreaKit
import AreaPlaces
import AreasFeature
import Foundation
import GeoKit
import LociTestSupport
import LockedState
import PlaceKit
import ProximityFeature
import ProximityKit
import ProximityStore
import Testing
import TidepoolTestServer

/// Proximity's place search from a fresh install: the place store of an area downloaded from a
/// real `loci serve --areas` on loopback.
@MainActor
@Suite(
    "Proximity's search over a downloaded area",
    .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
struct AreaSearchTests {
    @Test("fresh install offline → search says there is no offline area → download → server stopped → search finds Ateneum")
    func freshInstallThenOffline() async throws {
        let server = try await AreaTestServer.start(extract: "osm/helsinki.osm.pbf", name: "helsinki")
        defer { server.remove() }
        let downloads = AreaDownloads(directory: server.device, transport: HTTPAreaTransport(baseURL: server.baseURL))
        let areas = AreasModel(downloads: downloads, kinds: [.places])
        let places = InstalledAreaPlaces(downloads: downloads)
        let folder = server.device.deletingLastPathComponent()
        let trips = TripService(store: try TripStore(path: folder.appendingPathComponent("trips.sqlite").path)) {
            try places.provider()
        }
        let now = Date(timeIntervalSince1970: 1_750_406_400)
        let environment = ProximityEnvironment(
            trips: trips, search: places, monitor: InMemoryRegionMonitor(), significantChanges: InMemorySignificantChangeSource(),
            locator: InMemoryOneShotLocator(), motion: InMemoryMotionActivitySource(), poster: InMemoryNotificationPoster(),
            authorizer: InMemoryLocationAuthorizer(status: .always), snapshots: InMemoryTrackingSnapshotStore(),
            maps: InMemoryMapItemOpener(), geocoder: InMemoryReverseGeocoder(name: "Ateneum"), now: { now })
        try trips.store.create(Trip(id: "a", name: "Helsinki", timeZone: "Europe/Helsinki"))
        let tracking = TrackingModel(environment: environment)
        let station = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        await tracking.handle(.fix(LocationFix(coordinate: station, accuracy: 10, time: now.timeIntervalSince1970)))
        let model = TripPlacesModel(tripID: "a", environment: environment, tracking: tracking)
        model.load()

        await model.search("Ateneum")
        #expect(model.state.results.isEmpty)
        #expect(model.state.error?.contains("no offline area on this phone") == true, "\(String(describing: model.state.error))")

        await areas.refresh(near: AreaPoint(latitude: station.latitude, longitude: station.longitude))
        #expect(areas.state.suggestion?.name == "helsinki")
        await areas.download("helsinki")
        #expect(areas.state.hasArea && areas.state.failure == nil)
        await server.stopServer()

        await model.search("Ateneum")
        #expect(model.state.error == nil, "\(String(describing: model.state.error))")
        let ateneum = try #require(model.state.results.first { $0.place.name == "Ateneum" }, "\(model.state.results.map(\.place.name))")
        await model.add(ateneum)
        #expect(model.state.rows.map(\.place.name) == ["Ateneum"])
    }
}
