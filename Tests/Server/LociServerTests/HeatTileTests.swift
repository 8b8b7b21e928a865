import Foundation
import GeoKit
import HeatAggregation
import LociServer
import ServerRepositories
import Testing
import TidepoolStorage

/// The PNG heat tiles as served: a blended field, continuous across grid-tile and map-tile
/// edges, a high-contrast palette, and a legend in people.
@Suite("Heat tiles")
struct HeatTileTests {
    /// Publishes a release with `tiles` (base tiles with noisy counts).
    static func publish(_ server: TestServer, _ tiles: [(TileID, Int)]) async throws {
        let release = HeatRelease(
            epoch: TestServer.startEpoch - 1, parameters: try server.services.engine.configuration.publishedParameters(),
            tiles: tiles.map { ReleasedTile(tile: $0.0, noisyCount: $0.1) })
        try await server.store.publishRelease(
            StoredRelease(epoch: release.epoch, expiresAt: release.expiresSeconds, body: try JSONEncoder().encode(release)))
        server.clock.now += 1
    }

    /// The world pixel (at zoom `z`) of a coordinate.
    static func worldPixel(latitude: Double, longitude: Double, z: Int) -> (x: Double, y: Double) {
        let n = Double(1 << z) * 256
        let radians = latitude * Double.pi / 180
        return ((longitude + 180) / 360 * n, (1 - log(tan(radians) + 1 / cos(radians)) / Double.pi) / 2 * n)
    }

    /// The served tile's pixels.
    static func tile(_ server: TestServer, z: Int, x: Int, y: Int, query: String = "") async throws -> PNGPixels {
        let answer = try await server.send("GET", "/v1/tiles/\(z)/\(x)/\(y).png\(query)")
        #expect(answer.status == 200, "\(answer.text)")
        return try PNGPixels(Array(answer.body))
    }

    @Test("the field is smooth: no hard step at a released tile's edge, and the edge between two released tiles is filled")
    func smoothAcrossGridEdges() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let west = TidepoolAPITests.cafeTile
        let box = try GridTiler.standard.bounds(of: west)
        let east = GridTiler.standard.tile(
            for: Coordinate(uncheckedLatitude: (box.south + box.north) / 2, longitude: box.east + (box.east - box.west) / 2))
        #expect(east != west)
        try await Self.publish(server, [(west, 50), (east, 50)])
        let z = 16
        let middle = (box.south + box.north) / 2
        let edge = Self.worldPixel(latitude: middle, longitude: box.east, z: z)
        let x = Int(edge.x) / 256
        let y = Int(edge.y) / 256
        let pixels = try await Self.tile(server, z: z, x: x, y: y)
        let row = Int(edge.y) % 256
        // On the shared edge: heat, and no jump between the pixels either side of it.
        let column = Int(edge.x) % 256
        let onEdge = pixels.pixel(column, row)
        #expect(onEdge[3] > 0, "the edge between two released tiles is empty")
        if column > 0 && column < 255 {
            let step = abs(Int(pixels.pixel(column - 1, row)[3]) - Int(pixels.pixel(column + 1, row)[3]))
            #expect(step <= 4, "a step of \(step) at the shared edge")
        }
        // Along the row, alpha never jumps by more than a few levels between neighbours (a solid
        // square has a step from its alpha to 0 at its outer edge), and it does fall to 0.
        var largest = 0
        for column in 1..<256 {
            largest = max(largest, abs(Int(pixels.pixel(column, row)[3]) - Int(pixels.pixel(column - 1, row)[3])))
        }
        #expect(largest <= 4, "neighbouring pixels differ by \(largest) alpha levels")
        #expect((0..<256).contains { pixels.pixel($0, row)[3] == 0 } || column < 64 || column > 192)
    }

    @Test("the top and bottom rows and the world's edges are tiles like any other (schemathesis found a trap at 10/1/0)")
    func edgesOfTheWorld() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let last = (1 << 10) - 1
        for (x, y) in [(1, 0), (0, 0), (last, 0), (0, last), (last, last), (512, 0), (512, last)] {
            let pixels = try await Self.tile(server, z: 10, x: x, y: y)
            #expect(pixels.width == 256 && pixels.height == 256)
        }
        for z in [10, 18] {
            for box in [(0, 0), ((1 << z) - 1, (1 << z) - 1)] {
                let read = HeatTileRenderer.readBounds(z: z, x: box.0, y: box.1, tiler: server.services.engine.tiler)
                #expect(read.south <= read.north && read.west <= read.east, "\(z)/\(box): \(read)")
            }
        }
    }

    @Test("two adjacent map tiles match along their shared edge, heat reaching across it")
    func mapTilesJoin() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let cell = TidepoolAPITests.cafeTile
        try await Self.publish(server, [(cell, 80)])
        let centre = try GridTiler.standard.center(of: cell)
        let z = 16  // a 150 m tile is ~125 px, the kernel ~155 px: it reaches the nearer map-tile edge
        let pixel = Self.worldPixel(latitude: centre.latitude, longitude: centre.longitude, z: z)
        let x = Int(pixel.x) / 256
        let y = Int(pixel.y) / 256
        let eastern = pixel.x - Double(x * 256) >= 128
        let (left, right) = eastern ? (x, x + 1) : (x - 1, x)
        let westTile = try await Self.tile(server, z: z, x: left, y: y)
        let eastTile = try await Self.tile(server, z: z, x: right, y: y)
        var lit = 0
        for row in 0..<256 {
            let a = westTile.pixel(255, row)
            let b = eastTile.pixel(0, row)
            #expect(abs(Int(a[3]) - Int(b[3])) <= 3, "row \(row): \(a) | \(b)")
            if a[3] > 0 && b[3] > 0 { lit += 1 }
        }
        #expect(lit > 20, "the heat does not reach across the map tiles' edge (\(lit) rows)")
    }

    @Test("?palette=high-contrast draws lightness that rises with the heat; another name is refused")
    func highContrast() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let cell = TidepoolAPITests.cafeTile
        try await Self.publish(server, [(cell, 200)])
        let centre = try GridTiler.standard.center(of: cell)
        let z = 15
        let pixel = Self.worldPixel(latitude: centre.latitude, longitude: centre.longitude, z: z)
        let (x, y) = (Int(pixel.x) / 256, Int(pixel.y) / 256)
        let (px, py) = (Int(pixel.x) % 256, Int(pixel.y) % 256)
        let standard = try await Self.tile(server, z: z, x: x, y: y).pixel(px, py)
        let contrast = try await Self.tile(server, z: z, x: x, y: y, query: "?palette=high-contrast").pixel(px, py)
        #expect(contrast != standard)
        #expect(contrast[3] > 0)
        let refused = try await server.send("GET", "/v1/tiles/\(z)/\(x)/\(y).png?palette=rainbow")
        #expect(refused.status == 400)
        #expect(refused.json["code"] as? String == "invalid_parameter")
        // The palette itself: lightness (Rec. 601 luma) rises with the heat, from low to high by
        // more than half the scale, where the standard palette's hardly changes.
        func luma(_ c: (UInt8, UInt8, UInt8, UInt8)) -> Double {
            0.299 * Double(c.0) + 0.587 * Double(c.1) + 0.114 * Double(c.2)
        }
        let steps = (1...10).map { HeatPalette.highContrast.rgba(Double($0) / 10, top: 1) }
        for (a, b) in zip(steps, steps.dropFirst()) { #expect(luma(b) > luma(a)) }
        #expect(luma(steps[9]) - luma(steps[0]) > 128)
        #expect(HeatPalette.highContrast.rgba(0, top: 1) == (0, 0, 0, 0))
    }

    @Test("the legend gives each colour in people, hotter for more people, in the palette the tiles use")
    func legend() {
        let entries = HeatTileRenderer.legend()
        #expect(entries.map(\.people) == HeatTileRenderer.legendPeople)
        for (a, b) in zip(entries, entries.dropFirst()) { #expect(b.rgba[3] > a.rgba[3]) }
        // 200 people per tile saturates f: the hottest colour.
        let (r, g, b, a) = HeatPalette.standard.rgba(HeatTileRenderer.top(), top: HeatTileRenderer.top())
        #expect(entries.last?.rgba == [r, g, b, a])
    }
}
