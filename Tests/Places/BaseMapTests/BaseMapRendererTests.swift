import BaseMap
import Foundation
import GeoKit
import LociTestSupport
import OSMKit
import PlaceImport
import PlaceStore
import Synchronization
import Testing

/// Base tiles drawn from the Helsinki extract: a known street lands where its OSM nodes are,
/// and a tile away from the extract is transparent.
@Suite(
    "Base map tiles from a real extract",
    .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
struct BaseMapRendererTests {
    /// The store imported once per test process.
    static let store = Mutex<String?>(nil)

    static func tiles() throws -> BaseMapTiles {
        let path = try store.withLock { path in
            if let path { return path }
            let made = FileManager.default.temporaryDirectory
                .appendingPathComponent("loci-basemap-\(UUID().uuidString).sqlite").path
            _ = try OSMPlaceImporter().import(from: SharedData.url("osm/helsinki.osm.pbf"), into: made)
            path = made
            return made
        }
        return BaseMapTiles(store: try SQLitePlaceStore(path: path))
    }

    /// The vertices of the extract's ways named `name` with a `highway` tag, from the raw file
    /// (not from the store the renderer reads).
    static func rawLine(named name: String) throws -> [Coordinate] {
        let all = try PBFReader(url: SharedData.url("osm/helsinki.osm.pbf")).readAll()
        let nodes = Dictionary(all.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return all.ways.filter { $0.tags["name"] == name && $0.tags["highway"] != nil }
            .flatMap(\.nodeIDs).compactMap { nodes[$0] }
            .map { Coordinate(uncheckedLatitude: $0.latitude, longitude: $0.longitude) }
    }

    @Test("every node of Aleksanterinkatu that falls on a zoom-17 tile is painted, and tiles show more than streets")
    func knownStreet() throws {
        let tiles = try Self.tiles()
        #expect(tiles.isAvailable)
        let line = try Self.rawLine(named: "Aleksanterinkatu")
        try #require(line.count >= 4, "Aleksanterinkatu is not in the extract")
        var checked = 0
        var tilesSeen: [XYZTile: [UInt8]] = [:]
        for vertex in line {
            let n = Double(1 << 17)
            let x = Int((vertex.longitude + 180) / 360 * n)
            let radians = vertex.latitude * .pi / 180
            let y = Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * n)
            let tile = try XYZTile(z: 17, x: x, y: y)
            let pixels = try tilesSeen[tile] ?? tiles.pixels(z: 17, x: x, y: y)
            tilesSeen[tile] = pixels
            let at = tile.pixel(latitude: vertex.latitude, longitude: vertex.longitude, size: BaseMapRenderer.size)
            let column = Int(at.x), row = Int(at.y)
            let alpha = pixels[(row * BaseMapRenderer.size + column) * 4 + 3]
            #expect(alpha == 255, "no street at \(vertex) (tile \(tile), pixel \(column), \(row))")
            checked += 1
        }
        #expect(checked == line.count)
        // The tiles are not solid: most of a city tile is between streets and buildings.
        for (tile, pixels) in tilesSeen {
            let painted = stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] > 0 }.count
            #expect(painted > 1_000 && painted < BaseMapRenderer.size * BaseMapRenderer.size * 9 / 10, "tile \(tile): \(painted) px")
        }
    }

    @Test("a building footprint is filled in the building colour")
    func building() throws {
        let tiles = try Self.tiles()
        // Ateneum's footprint, from the store's buildings near the museum.
        let museum = Coordinate(uncheckedLatitude: 60.16996, longitude: 24.94447)
        let buildings = try tiles.store.buildings(in: BoundingBox(uncheckedSouth: 60.1697, west: 24.9442, north: 60.1702, east: 24.9447))
        try #require(!buildings.isEmpty, "no building at Ateneum")
        let n = Double(1 << 18)
        let x = Int((museum.longitude + 180) / 360 * n)
        let radians = museum.latitude * .pi / 180
        let y = Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * n)
        let tile = try XYZTile(z: 18, x: x, y: y)
        let pixels = try tiles.pixels(z: 18, x: x, y: y)
        let at = tile.pixel(latitude: museum.latitude, longitude: museum.longitude, size: BaseMapRenderer.size)
        let offset = (Int(at.y) * BaseMapRenderer.size + Int(at.x)) * 4
        #expect(Array(pixels[offset..<offset + 4]) == [58, 78, 92, 255])
    }

    @Test("tiles away from the extract are fully transparent", arguments: [(16, 60.25, 25.10), (14, 40.0, -74.0), (12, 60.4, 24.5)])
    func outside(z: Int, latitude: Double, longitude: Double) throws {
        let n = Double(1 << z)
        let x = Int((longitude + 180) / 360 * n)
        let radians = latitude * .pi / 180
        let y = Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * n)
        let pixels = try Self.tiles().pixels(z: z, x: x, y: y)
        #expect(pixels.count == 256 * 256 * 4)
        #expect(pixels.allSatisfy { $0 == 0 })
    }

    @Test("the PNG is a 256 px RGBA image")
    func png() throws {
        let png = try Self.tiles().png(z: 16, x: 37_311, y: 18_953)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<26]) == [0, 0, 1, 0, 0, 0, 1, 0, 8, 6])
    }

    @Test("bad addresses and zooms not drawn are refused with the value and its range")
    func refused() throws {
        let tiles = try Self.tiles()
        let cases: [(Int, Int, Int, String)] = [
            (11, 0, 0, "z = 11 must be in 12...19"), (20, 0, 0, "z = 20 must be in 12...19"),
            (12, 4096, 0, "x = 4096 must be in 0..<4096"), (12, 0, -1, "y = -1 must be in 0..<4096"),
        ]
        for (z, x, y, message) in cases {
            #expect {
                _ = try tiles.png(z: z, x: x, y: y)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
