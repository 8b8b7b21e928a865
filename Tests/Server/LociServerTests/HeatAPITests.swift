import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import LociServer
import LociServerStore
import ServerRepositories
import Testing
import TidepoolStorage

/// Heat reads post-process stored releases only.
@Suite("Heat API")
struct HeatAPITests {
    /// Three one-hot facets over 3-dimensional vectors.
    static let codebook = try? FacetCodebook(version: "test-3", centroids: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// Publishes a release of the epoch before the clock's with one tile of 50 people whose
    /// noisy facet mix is all on the first facet (the first axis).
    static func publish(_ server: TestServer, facets: [Int] = [50, -3, 0]) async throws -> TileID {
        let tile = TidepoolAPITests.cafeTile
        let release = HeatRelease(
            epoch: TestServer.startEpoch - 1,
            parameters: try server.services.engine.configuration.publishedParameters(),
            tiles: [ReleasedTile(tile: tile, noisyCount: 50, facets: facets)])
        try await server.store.publishRelease(
            StoredRelease(
                epoch: release.epoch, expiresAt: release.expiresSeconds,
                body: try JSONEncoder().encode(release)))
        server.clock.now += 1  // the engine caches live releases for the current second
        return tile
    }

    static var viewport: [String: Any] { ["south": 60.15, "west": 24.88, "north": 60.20, "east": 24.98] }

    @Test("heat is f(noisy count) · sigmoid(α·cos + β) of the release, the same for repeated reads")
    func values() async throws {
        let server = try await TestServer.start { $0.facetCodebook = Self.codebook }
        defer { server.stop() }
        let tile = try await Self.publish(server)
        // Hand computation (α = 6, β = −2, f(n) = ln(1+n)/ln(201), cap 0.85), one live release
        // whose clamped facet mix (50, 0, 0) points along the first axis:
        // no viewer → cos 0 → 0.0883760; viewer on the tile's axis → cos 1 → 0.7280568;
        // cos 0.6 → 0.6168514.
        let cases: [([Float]?, Double)] = [
            (nil, 0.08837604332158454), ([1, 0, 0], 0.7280567605102901), ([0, 1, 0], 0.08837604332158454),
            ([0.6, 0.8, 0], 0.616851429491865),
        ]
        for (viewer, expected) in cases {
            var body = Self.viewport
            if let viewer { body["vector"] = viewer }
            let first = try await server.send("POST", "/v1/tiles/heat", json: body)
            #expect(first.status == 200)
            let tiles = try #require(first.json["tiles"] as? [[String: Any]])
            #expect(tiles.count == 1)
            #expect(tiles.first?["tile_id"] as? String == tile.description)
            #expect(tiles.first?["noisy_count"] as? Int == 50)
            let intensity = try #require(tiles.first?["intensity"] as? Double)
            #expect(abs(intensity - expected) < 1e-6, "viewer \(String(describing: viewer))")
            if viewer == [1, 0, 0] { #expect(abs((tiles.first?["similarity"] as? Double ?? 0) - 1) < 1e-9) }
            let again = try await server.send("POST", "/v1/tiles/heat", json: body)
            #expect(again.body == first.body)
        }
    }

    @Test("meta publishes k_min, τ, ρ, ε and δ per level and the composed daily guarantee")
    func meta() async throws {
        let server = try await TestServer.start { $0.facetCodebook = Self.codebook }
        defer { server.stop() }
        let answer = try await server.send("GET", "/v1/privacy")
        #expect(answer.status == 200)
        #expect(answer.json["k_min"] as? Int == 5)
        #expect(answer.json["epoch_seconds"] as? Int == 900)
        let levels = try #require(answer.json["levels"] as? [[String: Any]])
        let expected = try HeatConfiguration.partitionSelection.publishedParameters()
        #expect(levels.first?["tau"] as? Int == expected.levels[0].tau)
        #expect(levels.first?["enabled"] as? Bool == true)
        #expect((levels.first?["vector_epsilon"] as? Double ?? 0) > 0)  // the facet mechanism's ε
        #expect(levels.dropFirst().allSatisfy { $0["enabled"] as? Bool == false })
        let dayEpsilon = try #require(answer.json["day_epsilon"] as? Double)
        let dayDelta = try #require(answer.json["day_delta"] as? Double)
        #expect(dayEpsilon <= 2 && dayEpsilon > 1.5)
        #expect(dayDelta <= 1e-5)
        #expect((answer.json["accounting"] as? String)?.hasPrefix("approximate zCDP") == true)
        let steps = try #require(answer.json["accounting_steps"] as? [String: Any])
        #expect(steps["daily_epoch_cap"] as? Int == 8)
        #expect(steps["within_target"] as? Bool == true)
        #expect(steps["facet_count"] as? Int == 3)
        #expect(steps["facet_codebook_version"] as? String == "test-3")
        let epochRho = try #require(steps["epoch_rho"] as? Double)
        #expect(abs((steps["day_rho"] as? Double ?? 0) - 8 * epochRho) < 1e-12)
        // The statement: unit as enforced, neighbour relation, window, longer horizons.
        #expect((answer.json["unit"] as? String)?.hasPrefix("per App Attest key") == true)
        #expect((answer.json["neighbour_relation"] as? String)?.contains("one App Attest key's reports of any 24 hours") == true)
        #expect((answer.json["window"] as? String)?.contains("any 24 hours") == true)
        let horizons = try #require(answer.json["horizons"] as? [[String: Any]])
        #expect(horizons.compactMap { $0["window"] as? String } == ["any_24_hours", "week", "year"])
        #expect(horizons.compactMap { $0["epochs"] as? Int } == [8, 56, 2_920])
        let epsilons = horizons.compactMap { $0["epsilon"] as? Double }
        #expect(epsilons.count == 3 && epsilons == epsilons.sorted() && abs((epsilons.first ?? 0) - dayEpsilon) < 1e-9)
        // The year composes 365 days' ρ: far above the day, below 365 times the day's ε.
        #expect((epsilons.last ?? 0) > 20 * dayEpsilon && (epsilons.last ?? .infinity) < 365 * dayEpsilon)
        #expect(horizons.allSatisfy { ($0["delta"] as? Double ?? 1) >= dayDelta })
        #expect(answer.json["public_domain_tiles"] == nil)
    }

    @Test("a viewport that is not a box is a 400 naming it; an unknown member is refused")
    func badViewport() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let inverted = try await server.send(
            "POST", "/v1/tiles/heat", json: ["south": 61, "west": 24, "north": 60, "east": 25])
        #expect(inverted.status == 400)
        #expect(inverted.json["code"] as? String == "invalid_viewport")
        var body = Self.viewport
        body["user_id"] = "x"
        let unknown = try await server.send("POST", "/v1/tiles/heat", json: body)
        #expect(unknown.status == 400)
        #expect(unknown.json["code"] as? String == "unknown_field")
    }

    @Test("XYZ tile: a PNG with the released cell drawn where it lies and transparent elsewhere")
    func pngTile() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let tile = try await Self.publish(server, facets: [])
        // z 15 tile holding the cafe: x = ⌊(lon+180)/360·2^15⌋, y from the Mercator formula.
        let z = 15
        let n = Double(1 << z)
        let x = Int((TestServer.cafe.lon + 180) / 360 * n)
        let radians = TestServer.cafe.lat * Double.pi / 180
        let y = Int((1 - log(tan(radians) + 1 / cos(radians)) / Double.pi) / 2 * n)
        let answer = try await server.send("GET", "/v1/tiles/\(z)/\(x)/\(y).png")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "image/png")
        #expect(Array(answer.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(answer.body[16..<24]) == [0, 0, 1, 0, 0, 0, 1, 0])  // 256 × 256
        #expect(answer.body[25] == 6)  // RGBA
        // The served pixels: the cafe's pixel is painted with the heat of the one released
        // cell (blended: the field at the cafe, not the cell's flat intensity), a pixel well
        // east of the cell, past the kernel's reach, is transparent.
        let served = try PNGPixels(Array(answer.body))
        #expect(served.width == 256 && served.height == 256)
        let px = Int(((TestServer.cafe.lon + 180) / 360 * n - Double(x)) * 256)
        let py = Int(((1 - log(tan(radians) + 1 / cos(radians)) / Double.pi) / 2 * n - Double(y)) * 256)
        let cafe = served.pixel(px, py)
        #expect(cafe[3] > 0)
        #expect(cafe[0] > 0 || cafe[1] > 0 || cafe[2] > 0)
        let bounds = try GridTiler.standard.bounds(of: tile)
        let farLongitude = bounds.east + 0.004
        #expect(farLongitude < HeatTileRenderer.bounds(z: z, x: x, y: y).east)
        let fx = Int(((farLongitude + 180) / 360 * n - Double(x)) * 256)
        #expect(served.pixel(fx, py) == [0, 0, 0, 0])
        #expect(served.rgba.contains { $0 != 0 })
        let outside = try await server.send("GET", "/v1/tiles/3/1/1.png")
        #expect(outside.status == 400)
    }
}
