import GeoKit
import Testing

/// Web Mercator XYZ tiles: the OSM slippy-map formulas, corners mapping to pixel corners.
@Suite("XYZ tiles")
struct XYZTileTests {
    @Test("zoom 1 tile 0/0 is the north-west quarter up to 85.0511° N")
    func quarter() throws {
        let box = try XYZTile(z: 1, x: 0, y: 0).bounds
        #expect(abs(box.north - 85.05112878) < 1e-8)
        #expect(box.south == 0 && box.west == -180 && box.east == 0)
    }

    @Test("a tile's corners project to its pixel corners, and a point to the pixel OSM's formula gives", arguments: [12, 16, 19])
    func corners(z: Int) throws {
        // Ateneum, Helsinki: x = floor((lon + 180) / 360 · 2^z), y from the Mercator row.
        let n = Double(1 << z)
        let x = Int((24.9441 + 180) / 360 * n)
        let tile = try XYZTile(z: z, x: x, y: Int(Double(1 << z) * 0.2894))
        let box = tile.bounds
        let topLeft = tile.pixel(latitude: box.north, longitude: box.west, size: 256)
        let bottomRight = tile.pixel(latitude: box.south, longitude: box.east, size: 256)
        #expect(abs(topLeft.x) < 1e-6 && abs(topLeft.y) < 1e-6)
        #expect(abs(bottomRight.x - 256) < 1e-6 && abs(bottomRight.y - 256) < 1e-6)
        let inside = tile.pixel(latitude: (box.north + box.south) / 2, longitude: (box.west + box.east) / 2, size: 256)
        #expect(abs(inside.x - 128) < 1e-6)
        // Mercator stretches toward the pole: the mean latitude sits just below the middle.
        #expect(inside.y > 128 && inside.y < 128.1)
    }

    @Test("out-of-range values are refused, naming the value and the range")
    func refused() {
        #expect(throws: XYZTileError.zoomOutOfRange(31, 0...30)) { try XYZTile(z: 31, x: 0, y: 0) }
        #expect(throws: XYZTileError.columnOutOfRange(4, zoom: 2)) { try XYZTile(z: 2, x: 4, y: 0) }
        #expect(throws: XYZTileError.rowOutOfRange(-1, zoom: 2)) { try XYZTile(z: 2, x: 0, y: -1) }
        #expect("\(XYZTileError.columnOutOfRange(4, zoom: 2))" == "x = 4 must be in 0..<4 at zoom 2")
    }
}
