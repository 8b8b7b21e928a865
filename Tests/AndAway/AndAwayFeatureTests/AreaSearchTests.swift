import AndAwayFeature
import AreaDownloads
import AreaKit
import AreaPlaces
import AreasFeature
import Foundation
import GeoKit
import LibraryService
import LibraryStore
import LociTestSupport
import LockedState
import PlaceKit
import RoutingKit
import Testing
import TidepoolTestServer

/// And Away's offline search from a fresh install: the offline provider is the place store of an
/// area downloaded from a real `loci serve --areas` on loopback.
@MainActor
@Suite("And Away's offline search over a downloaded area", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct AreaSearchTests {
    @Test("fresh install offline → search says there is no offline area → download → server stopped → search finds Ateneum")
    func freshInstallThenOffline() async throws {
        let server = try await AreaTestServer.start(extract: Helsinki.extract, name: "helsinki")
        defer { server.remove() }
        let downloads = AreaDownloads(directory: server.device, transport: HTTPAreaTransport(baseURL: server.baseURL))
        let areas = AreasModel(downloads: downloads, kinds: [.places])
        let local = PlaceSource(.local, provider: InstalledAreaPlaces(downloads: downloads))
        let folder = server.device.deletingLastPathComponent()
        let store = try LibraryStore(path: folder.appendingPathComponent("library.sqlite").path, replicaID: "phone", now: { Helsinki.noon })
        let environment = AndAwayEnvironment(
            local: local, library: BookmarkLibrary(store: store, places: { local.details }, now: { Helsinki.noon }),
            directions: LocalDirectionsService(graph: try Helsinki.graph()),
            location: FixedLocationSource(UserLocation(coordinate: Helsinki.user, accuracy: 10, timestamp: Helsinki.noon)),
            scheduler: ManualScheduler(), timeZone: Helsinki.zone, now: { Helsinki.noon })
        let search = SearchModel(environment: environment)

        search.type("Ateneum")
        await search.submit()
        #expect(search.state.rows.isEmpty)
        #expect(search.state.error?.contains("no offline area on this phone") == true, "\(String(describing: search.state.error))")

        await areas.refresh(near: AreaPoint(latitude: Helsinki.user.latitude, longitude: Helsinki.user.longitude))
        #expect(areas.state.suggestion?.name == "helsinki")
        await areas.download("helsinki")
        #expect(areas.state.hasArea && areas.state.failure == nil)
        await server.stopServer()

        search.type("Ateneum")
        await search.submit()
        #expect(search.state.error == nil, "\(String(describing: search.state.error))")
        #expect(search.state.answeredBy == .local)
        #expect(search.state.rows.contains { $0.place.name == "Ateneum" }, "\(search.state.rows.map(\.place.name))")
    }
}
