import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Grid tiler hierarchy, neighbours and covers")
struct GridTilerTopologyTests {
    let tiler = GridTiler.standard

    /// Random level-0 tiles plus tiles at the poles, the antimeridian and the equator.
    func sampleTiles(seed: UInt64, count: Int, level: Int) throws -> [TileID] {
        var rng = SeededGenerator(seed: seed)
        let points = (0..<count).map { _ in rng.coordinate() } + TilerFixtures.specialCoordinates
        return try points.map { try tiler.tile(for: $0, level: level) }
    }

    @Test("a parent contains each child, in bounds and in children(of:)", arguments: [0, 1])
    func parentContainsChild(level: Int) throws {
        for child in try sampleTiles(seed: 20, count: 2_000, level: level) {
            let parent = try #require(tiler.parent(of: child))
            #expect(parent.level == level + 1)
            #expect(tiler.children(of: parent).contains(child))
            #expect(tiler.contains(parent, child) && !tiler.contains(child, parent))
            let outer = try tiler.bounds(of: parent)
            let inner = try tiler.bounds(of: child)
            #expect(outer.south <= inner.south && inner.north <= outer.north)
            #expect(outer.west <= inner.west && inner.east <= outer.east)
            // The four children tile the parent exactly: their outer edges are the parent's.
            let boxes = try tiler.children(of: parent).map { try tiler.bounds(of: $0) }
            #expect(boxes.map(\.south).min() == outer.south && boxes.map(\.north).max() == outer.north)
            #expect(boxes.map(\.west).min() == outer.west && boxes.map(\.east).max() == outer.east)
        }
        #expect(tiler.parent(of: TileID(uncheckedLevel: 2, row: 0, column: 0)) == nil)
        #expect(tiler.children(of: TileID(uncheckedLevel: 0, row: 0, column: 0)).isEmpty)
    }

    @Test("neighbours are symmetric and touch the cell", arguments: [0, 2])
    func neighboursSymmetricAndTouching(level: Int) throws {
        let rows = try tiler.rowCount(level: level)
        for tile in try sampleTiles(seed: 21, count: 1_000, level: level) {
            let box = try tiler.bounds(of: tile)
            let neighbours = try tiler.neighbors(of: tile)
            #expect(!neighbours.contains(tile) && Set(neighbours).count == neighbours.count)
            if abs(try tiler.center(of: tile).latitude) < 80 {
                // Rows are staggered: 1 to 3 cells touch from each adjacent row, 2 in the row.
                #expect(neighbours.count { $0.row == tile.row } == 2)
                for row in [tile.row - 1, tile.row + 1] {
                    #expect((1...3).contains(neighbours.count { $0.row == row }), "\(tile): \(neighbours)")
                }
            }
            for other in neighbours {
                #expect(other.level == level)
                #expect(try tiler.neighbors(of: other).contains(tile), "\(other) ∈ N(\(tile)) but not back")
                let polar = other.row == tile.row && (tile.row == 0 || tile.row == rows - 1)
                let otherBox = try tiler.bounds(of: other)
                #expect(polar || TilerFixtures.touch(box, otherBox), "\(other) does not touch \(tile)")
            }
        }
    }

    @Test("points just outside each edge and corner fall in a neighbour")
    func neighboursAreComplete() throws {
        for tile in try sampleTiles(seed: 22, count: 1_000, level: 0) {
            let box = try tiler.bounds(of: tile)
            let neighbours = Set(try tiler.neighbors(of: tile))
            let epsilon = 1e-9
            for latitude in [box.south - epsilon, (box.south + box.north) / 2, box.north + epsilon] {
                for longitude in [box.west - epsilon, (box.west + box.east) / 2, box.east + epsilon] {
                    guard abs(latitude) <= 90 else { continue }
                    let wrapped =
                        longitude > 180 ? longitude - 360 : (longitude < -180 ? longitude + 360 : longitude)
                    let other = tiler.tile(for: Coordinate(uncheckedLatitude: latitude, longitude: wrapped))
                    #expect(
                        other == tile || neighbours.contains(other), "\(other) next to \(tile) is missing")
                }
            }
        }
    }

    @Test("the cover holds the tile of every point in the box and nothing that misses it")
    func coverIsExact() throws {
        var rng = SeededGenerator(seed: 23)
        for round in 0..<150 {
            let level = round % tiler.levels
            let size = Double.random(in: 0...0.05, using: &rng) * Double(1 << level)
            let south = Double.random(in: -90...(90 - size), using: &rng)
            let west = Double.random(in: -180...180, using: &rng)
            var east = west + size * Double.random(in: 0.2...3, using: &rng)
            if east > 180 { east -= 360 }
            let box = try BoundingBox(south: south, west: west, north: south + size, east: east)
            let cover = try tiler.cover(box, level: level)
            #expect(cover == cover.sorted() && Set(cover).count == cover.count)
            let covered = Set(cover)
            for _ in 0..<50 {
                let latitude = Double.random(in: box.south...box.north, using: &rng)
                var longitude = box.west + Double.random(in: 0...box.longitudeSpan, using: &rng)
                if longitude > 180 { longitude -= 360 }
                let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
                #expect(covered.contains(try tiler.tile(for: point, level: level)), "\(point) in \(box)")
            }
            for tile in cover {
                let cell = try tiler.bounds(of: tile)
                #expect(
                    box.nonWrappingParts.contains { TilerFixtures.touch($0, cell) }, "\(tile) misses \(box)")
            }
        }
    }

    @Test("a cover across the antimeridian takes tiles from both sides and none between")
    func coverAcrossAntimeridian() throws {
        let box = try BoundingBox(south: -0.01, west: 179.99, north: 0.01, east: -179.99)
        let cover = try tiler.cover(box, level: 0)
        let boxes = try cover.map { try tiler.bounds(of: $0) }
        #expect(boxes.contains { $0.east == 180 } && boxes.contains { $0.west == -180 })
        #expect(boxes.allSatisfy { $0.west >= 179.9 || $0.east <= -179.9 })
        for point in [(0.0, 180.0), (0.0, -180.0), (0.005, 179.995), (-0.005, -179.995)] {
            let tile = tiler.tile(for: Coordinate(uncheckedLatitude: point.0, longitude: point.1))
            #expect(cover.contains(tile))
        }
        // A wrapping box spanning all longitudes but one sliver covers whole rows.
        let wide = try BoundingBox(south: 89.99, west: -179.999, north: 90, east: -179.9991)
        let band = try BoundingBox(south: 89.99, west: -180, north: 90, east: 180)
        #expect(try tiler.cover(wide, level: 0) == (try tiler.cover(band, level: 0)))
    }

    @Test("absurd covers are refused with the count, before allocating")
    func coverLimit() throws {
        do {
            _ = try tiler.cover(.world, level: 0)
            Issue.record("covered the world with 150 m tiles")
        } catch {
            guard case .coverTooLarge(let count, let limit) = error else { throw error }
            #expect(count > 20_000_000_000 && limit == GridTiler.defaultCoverLimit)
        }
        let box = try BoundingBox(south: 10, west: 10, north: 10.1, east: 10.1)
        let count = try tiler.cover(box, level: 0).count
        #expect((74 * 74...76 * 76).contains(count))
        #expect(throws: GridTilerError.coverTooLarge(count: count, limit: count - 1)) {
            try tiler.cover(box, level: 0, limit: count - 1)
        }
        #expect(throws: GridTilerError.levelOutOfRange(level: 5, levels: 3)) {
            try tiler.cover(box, level: 5)
        }
    }
}
