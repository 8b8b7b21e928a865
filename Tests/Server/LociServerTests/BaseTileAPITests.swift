import Foundation
import GRDB
import LociTestSupport
import PlaceKit
import Testing

/// `GET /v1/tiles/base/{z}/{x}/{y}.png`: PNGs drawn from the place store, 400 naming a bad
/// address, 404 with the re-import advice for a store without streets; never a 5xx.
@Suite("Base map tiles over HTTP")
struct BaseTileAPITests {
    /// The zoom-17 tile holding Ateneum (60.1700 N, 24.9441 E).
    static let ateneumTile = (z: 17, x: 74_617, y: 37_939)

    @Test("bad addresses are 400 invalid_tile naming the value and its range", arguments: [
        ("11/0/0", "z = 11 must be in 12...19"), ("20/0/0", "z = 20 must be in 12...19"),
        ("12/4096/0", "x = 4096 must be in 0..<4096"), ("12/0/-1", "y = -1 must be in 0..<4096"),
        ("abc/0/0", "z, x and y must be integers"), ("12/0/99999999999999999999", "z, x and y must be integers"),
        ("9223372036854775807/0/0", "must be in 12...19"),
    ])
    func refused(address: String, message: String) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let answer = try await server.send("GET", "/v1/tiles/base/\(address).png")
        #expect(answer.status == 400, "\(address): \(answer.text)")
        #expect(answer.json["code"] as? String == "invalid_tile")
        #expect((answer.json["message"] as? String)?.contains(message) == true, "\(address): \(answer.text)")
    }

    @Test(
        "a tile of the imported extract is a PNG with the streets drawn; one outside it is transparent",
        .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
    func drawn() async throws {
        let server = try await TestServer.start(writePlaces: { path in try ImportedPlaces.copy("osm/helsinki.osm.pbf", to: path) })
        defer { server.stop() }
        let (z, x, y) = Self.ateneumTile
        let answer = try await server.send("GET", "/v1/tiles/base/\(z)/\(x)/\(y).png")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "image/png")
        let tile = try PNGPixels(Array(answer.body))
        let painted = stride(from: 3, to: tile.rgba.count, by: 4).filter { tile.rgba[$0] > 0 }.count
        #expect(painted > 5_000, "only \(painted) pixels drawn on Ateneum's tile")
        let outside = try PNGPixels(Array(try await server.send("GET", "/v1/tiles/base/\(z)/\(x + 40)/\(y).png").body))
        #expect(outside.rgba.allSatisfy { $0 == 0 })
    }

    @Test("a store imported before streets were kept answers 404 saying to re-import, and the rest still works")
    func olderStore() async throws {
        let server = try await TestServer.start(writePlaces: { path in
            try TestServer.writePlaces(to: path)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "DROP TABLE streets; DROP TABLE streets_rtree; DELETE FROM grdb_migrations WHERE identifier = 'v5'")
            }
            try queue.close()
        })
        defer { server.stop() }
        let (z, x, y) = Self.ateneumTile
        let answer = try await server.send("GET", "/v1/tiles/base/\(z)/\(x)/\(y).png")
        #expect(answer.status == 404)
        #expect(answer.json["code"] as? String == "not_found")
        #expect((answer.json["message"] as? String)?.contains("re-import it with loci import to get the base map") == true)
        #expect(try await server.send("GET", "/v1/places/search?q=ateneum&lat=60.17&lon=24.94").status == 200)
        #expect(try await server.send("GET", "/").status == 200)
    }
}
