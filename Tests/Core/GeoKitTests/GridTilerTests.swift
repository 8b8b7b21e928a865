import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Grid tiler geometry")
struct GridTilerTests {
    let tiler = GridTiler.standard

    @Test("every point lies inside the bounds of its own tile, at every level")
    func pointInsideItsTile() throws {
        var rng = SeededGenerator(seed: 1)
        let points = (0..<5_000).map { _ in rng.coordinate() } + TilerFixtures.specialCoordinates
        for point in points {
            for level in 0..<tiler.levels {
                let tile = try tiler.tile(for: point, level: level)
                let box = try tiler.bounds(of: tile)
                #expect(box.contains(point), "\(point) outside \(tile) at level \(level): \(box)")
            }
            #expect(tiler.tile(for: point) == (try tiler.tile(for: point, level: 0)))
        }
    }

    @Test("a coarser tile is the ancestor of the finer tile of the same point")
    func levelsAreConsistent() throws {
        var rng = SeededGenerator(seed: 2)
        for point in (0..<3_000).map({ _ in rng.coordinate() }) + TilerFixtures.specialCoordinates {
            let fine = tiler.tile(for: point)
            for level in 1..<tiler.levels {
                #expect(tiler.ancestor(of: fine, level: level) == (try tiler.tile(for: point, level: level)))
            }
        }
    }

    @Test("rows and columns meet exactly: a point on a boundary belongs to the cell north/east of it")
    func boundariesAreHalfOpen() throws {
        let rows = try tiler.rowCount(level: 0)
        for row in [1, rows / 2, rows - 1] {
            let south = GridTiler.edge(row, span: 180, count: rows, offset: 90)
            #expect(tiler.tile(for: Coordinate(uncheckedLatitude: south, longitude: 0)).row == row)
            #expect(
                tiler.tile(for: Coordinate(uncheckedLatitude: south.nextDown, longitude: 0)).row == row - 1)
        }
        #expect(tiler.tile(for: Coordinate(uncheckedLatitude: 90, longitude: 180)).row == rows - 1)
        let east = tiler.tile(for: Coordinate(uncheckedLatitude: 0, longitude: 180))
        #expect(east.column == (try tiler.columnCount(level: 0, row: east.row)) - 1)
        #expect(tiler.tile(for: Coordinate(uncheckedLatitude: 0, longitude: -180)).column == 0)
    }

    @Test("refuses levels outside the tiler", arguments: [-1, 3, 99])
    func refusesBadLevel(level: Int) {
        #expect(throws: GridTilerError.levelOutOfRange(level: level, levels: 3)) {
            try tiler.tile(for: Coordinate(uncheckedLatitude: 0, longitude: 0), level: level)
        }
    }

    @Test(
        "cell edges stay within ±10 % of the level's target from the equator to ±85°",
        arguments: [(150.0, 3), (150.0, 6), (150.0, 10), (40.0, 4), (1_000.0, 7)])
    func edgesWithinTolerance(baseEdge: Double, levels: Int) throws {
        let tiler = try GridTiler(baseEdgeMeters: baseEdge, levels: levels)
        var rng = SeededGenerator(seed: 3)
        var latitudes = (0..<400).map { _ in Double.random(in: -85...85, using: &rng) }
        latitudes += [0, 84.99, -84.99, 85, -85, 60, -60]
        for latitude in latitudes {
            let point = Coordinate(
                uncheckedLatitude: latitude, longitude: Double.random(in: -180...180, using: &rng))
            for level in 0..<levels {
                let target = tiler.edgeMeters(level: level)
                let box = try tiler.bounds(of: try tiler.tile(for: point, level: level))
                let middle = (box.south + box.north) / 2
                let northSouth = Haversine.distance(
                    Coordinate(uncheckedLatitude: box.south, longitude: box.west),
                    Coordinate(uncheckedLatitude: box.north, longitude: box.west))
                let eastWest = Haversine.distance(
                    Coordinate(uncheckedLatitude: middle, longitude: box.west),
                    Coordinate(uncheckedLatitude: middle, longitude: box.east))
                #expect(
                    abs(northSouth / target - 1) <= 0.1, "N-S \(northSouth) m vs \(target) m at \(latitude)")
                #expect(abs(eastWest / target - 1) <= 0.1, "E-W \(eastWest) m vs \(target) m at \(latitude)")
            }
        }
    }

    @Test("refuses configurations it cannot honour, saying why")
    func refusesBadConfigurations() {
        for edge in [Double.nan, .infinity, 0, 5, -150, 2_000_000] {
            do {
                _ = try GridTiler(baseEdgeMeters: edge)
                Issue.record("accepted base edge \(edge)")
            } catch {
                guard case .baseEdgeOutOfRange = error else {
                    Issue.record("wrong error \(error)")
                    continue
                }
            }
        }
        for levels in [0, -1, 17] {
            #expect(throws: GridTilerError.levelCountOutOfRange(levels, supported: 1...16)) {
                try GridTiler(levels: levels)
            }
        }
        do {
            _ = try GridTiler(baseEdgeMeters: 150, levels: 16)
            Issue.record("accepted 16 levels of 150 m, whose coarse cells are ~5000 km")
        } catch {
            guard case .cellShapeOutOfTolerance(let relativeError, _, let limit) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(relativeError > limit)
            #expect(error.description.contains("fewer levels"))
        }
    }

    @Test("the polygon is a closed counter-clockwise ring around the centre")
    func polygonIsClosedAndCounterClockwise() throws {
        var rng = SeededGenerator(seed: 4)
        for point in (0..<200).map({ _ in rng.coordinate() }) {
            let tile = tiler.tile(for: point)
            let ring = try tiler.polygon(of: tile)
            #expect(ring.count == 5 && ring.first == ring.last)
            var twiceArea = 0.0
            for (a, b) in zip(ring, ring.dropFirst()) {
                twiceArea += a.longitude * b.latitude - b.longitude * a.latitude
            }
            #expect(twiceArea > 0, "ring of \(tile) is not counter-clockwise")
            #expect(try tiler.bounds(of: tile).contains(try tiler.center(of: tile)))
        }
    }

    @Test("the column table is pinned, so every platform computes the same ids")
    func tableIsPinned() {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for count in tiler.coarseColumnCounts {
            hash = (hash ^ UInt64(count)) &* 0x0000_0100_0000_01B3
        }
        #expect(tiler.coarseRowCount == TilerPins.coarseRowCount)
        #expect(hash == TilerPins.tableHash)
        #expect(tiler.coarseColumnCounts.reduce(0) { $0 + Int($1) } == TilerPins.cellCount)
    }

    @Test("the table does not depend on the last bit of cosine: no column count is near a rounding tie")
    func tableIsRobust() {
        let rows = tiler.coarseRowCount
        let edge = tiler.edgeMeters(level: tiler.levels - 1)
        var closest = 1.0
        for row in 0..<rows {
            let latitude = Double(2 * row + 1) * Double.pi / Double(2 * rows) - Double.pi / 2
            let exact = 2 * Double.pi * GridTiler.sphereRadius * cos(latitude) / edge
            closest = min(closest, abs(exact - exact.rounded(.down) - 0.5))
            #expect(UInt32(max(1, exact.rounded())) == tiler.coarseColumnCounts[row])
        }
        #expect(closest > 1e-7, "a column count is \(closest) from a rounding tie")
    }

    @Test("well-known places keep their tile ids", arguments: TilerPins.places)
    func placesArePinned(latitude: Double, longitude: Double, expected: String) throws {
        let tile = tiler.tile(for: try Coordinate(latitude: latitude, longitude: longitude))
        #expect(tile.description == expected)
    }

    @Test("the portable cosine agrees with the platform's to rounding error")
    func portableCosine() {
        for step in 0...10_000 {
            let x = -Double.pi / 2 + Double.pi * Double(step) / 10_000
            #expect(abs(PortableMath.cosine(x) - cos(x)) < 4e-16)
        }
    }
}

/// Values pinned from the reference implementation. If one of these changes, tile ids
/// changed: that breaks every client and server sharing the grid.
enum TilerPins {
    static let coarseRowCount = 33_359
    static let tableHash: UInt64 = 6_463_883_282_117_824_586
    static let cellCount = 1_416_869_923
    static let places: [(Double, Double, String)] = [
        (0, 0, "000214Y00429T"),
        (60.1699, 24.9384, "0003CPT0029SM"),
        (-33.8688, 151.2093, "00018MA00672Q"),
        (51.4778, -0.0015, "00036DF002H53"),
        (90, 180, "000429V00000B"),
        (-90, -180, "0000000000000"),
    ]
}

@Suite("Grid tiler boundary arithmetic")
struct GridTilerBoundaryTests {
    @Test("the index honours every boundary to the last bit, where a plain multiply would not")
    func boundariesExact() {
        let tiler = GridTiler.standard
        let rows = tiler.rowCounts[0]
        var naiveMisses = 0
        func check(_ value: Double, offset: Double, span: Int, count: Int) {
            let perUnit = Double(count) / Double(span)
            let index = GridTiler.index(of: value, offset: offset, span: span, count: count, perUnit: perUnit)
            let low = GridTiler.edge(index, span: span, count: count, offset: offset)
            let high = GridTiler.edge(index + 1, span: span, count: count, offset: offset)
            #expect(low <= value && (value < high || index == count - 1), "\(value) → \(index)")
            let naive = min(count - 1, max(0, Int(((value + offset) * perUnit).rounded(.down))))
            if naive != index { naiveMisses += 1 }
        }
        for row in stride(from: 0, through: rows, by: 7) {
            let south = GridTiler.edge(row, span: 180, count: rows, offset: 90)
            for value in [south.nextDown, south, south.nextUp] where abs(value) <= 90 {
                check(value, offset: 90, span: 180, count: rows)
            }
        }
        for row in stride(from: 0, to: rows, by: 997) {
            let columns = tiler.columnCountUnchecked(level: 0, row: row)
            for column in stride(from: 0, through: columns, by: max(1, columns / 300)) {
                let west = GridTiler.edge(column, span: 360, count: columns, offset: 180)
                for value in [west.nextDown, west, west.nextUp] where abs(value) <= 180 {
                    check(value, offset: 180, span: 360, count: columns)
                }
            }
        }
        #expect(naiveMisses > 0, "no boundary case exercised the correction step")
    }
}
