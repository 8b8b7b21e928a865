import Foundation
import GeoKit
import Testing
import TidepoolTestServer

@testable import TidepoolClient

/// The device's path end to end against a real `loci serve` on loopback: register, blind token,
/// anonymous report, the epoch closes, heat shows the tile.
@Suite("Tidepool client: presence end to end")
struct ClientFlowTests {
    static let cafeTile = GridTiler.standard.tile(
        for: Coordinate(uncheckedLatitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon))

    /// A server that releases a tile of a handful of reports (large ε, τ of 2) so one test's
    /// devices are enough.
    static func server() async throws -> ClientTestServer {
        try await ClientTestServer.start {
            $0.epsilon = 30
            $0.delta = 0.01
            $0.kMin = 1
        }
    }

    @Test(
        "register → token → report → the epoch closes → heat shows the tile; no bearer or cookie on reports"
    )
    func presence() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let proxy = try await RecordingProxy.start(forwardingTo: server.baseURL)
        defer { proxy.stop() }
        let devices = 6
        for _ in 0..<devices {
            let client = TidepoolClient.testing(proxy.baseURL)
            try await client.register(attestation: "test-device", platform: .ios)
            let epoch = try await client.epoch()
            #expect(Int64(epoch.epoch) == ClientTestServer.startEpoch)
            let token = try await client.presenceToken(for: epoch)
            // The server signs once per device per epoch.
            await #expect(throws: TidepoolClientError.self) { try await client.presenceToken(for: epoch) }
            // Before any close the tile is not released.
            try await client.report(token, tile: Self.cafeTile)
            // A token is spent once.
            do {
                try await client.report(token, tile: Self.cafeTile)
                Issue.record("a spent token was accepted again")
            } catch {
                #expect(error.code == "double_spend")
            }
        }
        let viewer = TidepoolClient.testing(proxy.baseURL)
        let before = try await viewer.heat(south: 60.15, west: 24.88, north: 60.20, east: 24.98)
        #expect(before.tiles.isEmpty)
        try await server.closeEpoch()
        let heat = try await viewer.heat(south: 60.15, west: 24.88, north: 60.20, east: 24.98)
        let tile = try #require(heat.tiles.first { $0.tileId == Self.cafeTile.description })
        #expect(tile.level == 0)
        #expect(tile.noisyCount > 0)
        #expect(heat.meta.liveReleases.contains(Int(ClientTestServer.startEpoch)))

        // What the server saw: token requests with a bearer token, reports with none and no
        // cookie, although the proxy set a cookie on every answer.
        let seen = proxy.seen
        let tokens = seen.filter { $0.path == "/v1/tidepool/tokens" }
        let reports = seen.filter { $0.path == "/v1/tidepool/presence" }
        #expect(tokens.count == 2 * devices)
        #expect(tokens.allSatisfy { $0.authorization?.hasPrefix("Bearer ") == true })
        #expect(reports.count == 2 * devices)
        #expect(reports.allSatisfy { $0.authorization == nil && $0.cookie == nil })
    }

    @Test("the tile URL templates are the server's XYZ routes")
    func templates() {
        let client = TidepoolClient.testing(URL(string: "http://example.test:8080/")!)
        #expect(client.heatTileURLTemplate == "http://example.test:8080/v1/tiles/{z}/{x}/{y}.png")
        #expect(client.baseTileURLTemplate == "http://example.test:8080/v1/tiles/base/{z}/{x}/{y}.png")
    }

    @Test("search, suggestions and place details")
    func places() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let client = TidepoolClient.testing(server.baseURL)
        let found = try await client.search(
            "Ateneum", latitude: ClientTestServer.museum.lat, longitude: ClientTestServer.museum.lon,
            radius: 2000)
        #expect(found.results.first?.id == ClientTestServer.museum.id)
        let nearby = try await client.suggestions(
            latitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon, radius: 1000)
        #expect(nearby.results.contains { $0.id == ClientTestServer.cafe.id })
        // The id has a slash: the generated call percent-encodes the path parameter.
        let place = try await client.place(id: ClientTestServer.cafe.id)
        #expect(place.name == "Cafe Regatta")
        #expect(place.category == "cafe")
    }
}
