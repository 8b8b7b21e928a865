import Foundation
import GeoKit
import LociServerStore
import ServerRepositories
import Testing
import TidepoolSimulation

/// `loci tidepool tokens` (`ServerDriver.mintRedemptions`): the bodies the ingest load test
/// spends must be real, one-use and counted, or the load figures measure a refusal.
@Suite("Load driver: real one-use ingest bodies")
struct LoadDriverTests {
    @Test("every minted body is accepted once, counted on its tile, and refused when replayed")
    func mintedBodiesAreRealAndOneUse() async throws {
        let server = try await TestServer.start(over: .loopback) { $0.rateLimitPerClient = 1e9 }
        defer { server.stop() }
        let driver = ServerDriver(server: try server.baseURL, users: 1, epochs: 1, seed: 0)
        let minted = try await driver.mintRedemptions(count: 12, concurrency: 4) { _ in }
        #expect(minted.epoch == TestServer.startEpoch)
        #expect(minted.bodies.count == 12)
        var tiles: [UInt64: Int] = [:]
        var nonces = Set<String>()
        for body in minted.bodies {
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(object["epoch"] as? Int == Int(TestServer.startEpoch))
            nonces.insert(try #require(object["nonce"] as? String))
            let tileText = try #require(object["tile_id"] as? String)
            let tile = try TileID(parsing: tileText, tiler: .standard)
            tiles[tile.rawValue, default: 0] += 1
            #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 202)
            let replay = try await server.send("POST", "/v1/tidepool/presence", raw: body)
            #expect(replay.status == 409)
        }
        #expect(nonces.count == 12)
        // The bodies report the base tiles of the test store's places (4 places, 12 bodies:
        // every one is used).
        let places = [
            (TestServer.cafe.lat, TestServer.cafe.lon), (TestServer.museum.lat, TestServer.museum.lon),
            (TestServer.school.lat, TestServer.school.lon), (60.1634, 24.9384),
        ].map { GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)).rawValue }
        #expect(Set(tiles.keys) == Set(places))
        server.clock.now = (TestServer.startEpoch + 1) * TestServer.epochSeconds
        try await server.services.engine.tick()
        let counted = try await server.store.partialCounts(epoch: TestServer.startEpoch)
        #expect(counted == tiles)
    }

    @Test("a count or concurrency out of range is refused before any request")
    func invalidOptions() async throws {
        let driver = ServerDriver(
            server: URL(string: "http://127.0.0.1:9")!, users: 1, epochs: 1, seed: 0)
        for (count, concurrency) in [(0, 4), (2_000_000, 4), (10, 0), (10, 1_000)] {
            do {
                _ = try await driver.mintRedemptions(count: count, concurrency: concurrency) { _ in }
                Issue.record("count \(count), concurrency \(concurrency) was accepted")
            } catch {
                #expect(error.description.hasPrefix(count == 0 || count > 1_000_000 ? "--count" : "--concurrency"))
            }
        }
    }
}
