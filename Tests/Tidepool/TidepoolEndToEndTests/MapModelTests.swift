import Foundation
import GeoKit
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// The map tab against a real `loci serve` on loopback: heat after an epoch closes, similarity
/// per viewer, the legend from the server's numbers, the empty state.
@Suite("Tidepool map: heat, legend, empty state")
@MainActor
struct MapModelTests {
    static let cafeTile = GridTiler.standard.tile(
        for: Coordinate(uncheckedLatitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon))
    static let viewport = MapViewport(south: 60.15, west: 24.88, north: 60.20, east: 24.98)

    /// `devices` registered devices report at the cafe, each with `facet`.
    static func report(_ server: ClientTestServer, devices: Int, facet: Int) async throws {
        for _ in 0..<devices {
            let client = try await Fixture.client(server)
            let token = try await client.presenceToken(for: try await client.epoch())
            try await client.report(token, tile: cafeTile, facet: facet)
        }
    }

    static func map(_ server: ClientTestServer, interest: [Float]?) async throws -> TidepoolMapModel {
        let client = try await Fixture.client(server)
        let model = TidepoolMapModel(
            client: client,
            settings: InMemoryTidepoolSettingsStore(TidepoolSettings(home: Fixture.home, onboardingCompleted: true)),
            interest: FixedInterestSource(interest))
        await model.load()
        return model
    }

    @Test("no heat before the epoch closes (suggestions instead); heat at the cafe after; the overlay template")
    func heatAfterClose() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        try await Self.report(server, devices: 6, facet: 0)
        let model = try await Self.map(server, interest: [1, 0, 0])
        #expect(model.heatTileURLTemplate == server.baseURL.absoluteString + "/v1/tiles/{z}/{x}/{y}.png")
        #expect(model.initialCenter == Fixture.home)

        await model.show(Self.viewport)
        #expect(model.tiles.isEmpty)
        let empty = try #require(model.emptyState)
        #expect(!empty.suggestions.isEmpty)
        #expect(empty.message.contains("15-minute"))

        try await server.closeEpoch()
        await model.show(Self.viewport)
        let tile = try #require(model.tiles.first { $0.id == Self.cafeTile.description })
        #expect(tile.noisyCount > 0)
        #expect(tile.south < ClientTestServer.cafe.lat && ClientTestServer.cafe.lat < tile.north)
        #expect(tile.west < ClientTestServer.cafe.lon && ClientTestServer.cafe.lon < tile.east)
        #expect(model.emptyState == nil)
        #expect(model.problem == nil)
    }

    @Test("two users with different interests see different similarity on the same tile")
    func similarityPerViewer() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        try await Self.report(server, devices: 8, facet: 0)
        try await server.closeEpoch()
        let alike = try await Self.map(server, interest: [1, 0, 0])
        let unlike = try await Self.map(server, interest: [0, 1, 0])
        await alike.show(Self.viewport)
        await unlike.show(Self.viewport)
        let near = try #require(alike.tiles.first { $0.id == Self.cafeTile.description })
        let far = try #require(unlike.tiles.first { $0.id == Self.cafeTile.description })
        #expect(near.noisyCount == far.noisyCount)
        #expect(near.similarity > far.similarity + 0.3)
        #expect(near.likeness == .veryLikeYou)
        #expect(far.likeness != .veryLikeYou)
        #expect(alike.legend?.personalised == true)
        #expect(alike.legend?.entries.first { $0.kind == .likeness }?.text.contains("very like you") == true)
    }

    @Test("the legend's numbers are the server's: threshold τ, ε a day, the counts in view")
    func legendFromServer() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        try await Self.report(server, devices: 6, facet: 0)
        try await server.closeEpoch()
        let model = try await Self.map(server, interest: nil)
        await model.show(Self.viewport)
        let legend = try #require(model.legend)
        let privacy = try await TidepoolClient(serverURL: server.baseURL).privacy()
        let tau = try #require(privacy.levels.filter(\.enabled).min { $0.level < $1.level }?.tau)
        func text(_ kind: HeatLegend.Entry.Kind) -> String { legend.entries.first { $0.kind == kind }?.text ?? "" }
        #expect(text(.threshold).contains("reaches \(tau):"))
        #expect(text(.privacy).contains("ε = \(String(format: "%.2g", privacy.dayEpsilon)) a day"))
        let count = try #require(model.tiles.first?.noisyCount)
        #expect(text(.colour).contains("about \(count)"))
        // No interest vector: the legend says how to get similarity rather than showing it.
        #expect(!legend.personalised)
        #expect(text(.likeness).contains("Add interests"))
    }

    @Test("the legend's duration words")
    func durations() {
        #expect(HeatLegend.duration(86_400) == "24 hours")
        #expect(HeatLegend.duration(5_400) == "90 minutes")
    }
}
