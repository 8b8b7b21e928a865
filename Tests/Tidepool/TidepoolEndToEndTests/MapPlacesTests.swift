import Foundation
import GeoKit
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// The map as a place finder: a tap opens the nearest place, search results are marked on the
/// map, the "not personalised" reason is worded, and the high-contrast heat option; against
/// `loci serve` on loopback.
@Suite("Tidepool map: places on the map, the reason, the palette")
@MainActor
struct MapPlacesTests {
    static let museum = Coordinate(
        uncheckedLatitude: ClientTestServer.museum.lat, longitude: ClientTestServer.museum.lon)
    static let viewport = MapViewport(south: 60.16, west: 24.90, north: 60.19, east: 24.96)

    @Test("a tap opens the details of the nearest place within reach; a tap in an empty spot says so")
    func tapForAPlace() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let map = TidepoolMapModel(
            client: client, settings: InMemoryTidepoolSettingsStore(), interest: FixedInterestSource(nil))

        // 25 m north of the Ateneum: the museum, not a café 1.5 km away.
        await map.openPlace(near: Self.museum.north(25), within: 60)
        let detail = try #require(map.detail)
        #expect(detail.placeID == ClientTestServer.museum.id)
        #expect(detail.place?.title == "Ateneum")
        #expect(map.problem == nil)

        map.closeDetail()
        // 200 m north of it: nothing within 60 m.
        await map.openPlace(near: Self.museum.north(200), within: 60)
        #expect(map.detail == nil)
        #expect(map.problem == "No place within 60 m of the tap.")
    }

    @Test("search results are marked on the map at their places; a marker opens its details")
    func searchMarkers() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let map = TidepoolMapModel(
            client: client, settings: InMemoryTidepoolSettingsStore(), interest: FixedInterestSource(nil),
            clock: ManualTidepoolClock(start: 0))
        #expect(map.markers.isEmpty)
        map.search.center = Self.museum
        map.search.type("Ateneum")
        await map.search.submit()
        let marker = try #require(map.markers.first { $0.id == ClientTestServer.museum.id })
        #expect(marker.coordinate == Self.museum)
        #expect(map.markers.map(\.id) == map.search.rows.map(\.id))
        await map.open(placeID: marker.id)
        #expect(map.detail?.place?.title == "Ateneum")
    }

    @Test("a search without a profile says why it is not personalised, in the server's words")
    func notPersonalisedReason() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let plain = SearchModel(
            client: TidepoolClient(serverURL: server.baseURL), clock: ManualTidepoolClock(start: 0))
        #expect(plain.personalisationNote == nil)
        plain.center = Self.museum
        plain.type("cafe")
        await plain.submit()
        #expect(!plain.personalised)
        let reason = try #require(plain.fallbackReason)
        #expect(plain.personalisationNote == "Not personalised: \(reason)")
        #expect(reason.contains("no interest profile"))

        let client = try await Fixture.client(server)
        try await client.setProfile(tags: ["coffee"])
        let personal = SearchModel(client: client, clock: ManualTidepoolClock(start: 0))
        personal.center = Self.museum
        personal.type("cafe")
        await personal.submit()
        #expect(personal.personalised)
        #expect(personal.personalisationNote == nil)
    }

    @Test("the high-contrast option is saved by the profile and the map's legend follows it")
    func highContrastHeat() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let store = FileTidepoolSettingsStore(url: rig.settingsFile)
        let map = TidepoolMapModel(
            client: rig.session.client, settings: store, interest: FixedInterestSource(nil))
        await map.load()
        #expect(map.palette == .standard)
        await map.show(Self.viewport)
        #expect(map.legend?.entries.first?.text.contains("teal") == true)

        let profile = rig.profile()
        #expect(profile.heatPalette == .standard)
        await profile.setHeatPalette(.highContrast)
        #expect(profile.error == nil)
        #expect(profile.heatPalette == .highContrast)
        #expect(try await store.load().heatPalette == .highContrast)
        await map.reloadSettings()
        #expect(map.palette == .highContrast)
        #expect(!map.palette.usesServerTiles)
        let colour = try #require(map.legend?.entries.first?.text)
        #expect(colour.contains("dark navy") && !colour.contains("teal"))
        #expect(map.legend?.palette == .highContrast)
    }
}
