import GeoKit
import PlaceKit

/// Where the engine gets building footprints: the place store's R*Tree in the apps and the CLI,
/// ``InMemoryBuildingIndex`` in tests and benchmarks.
public protocol BuildingSource {
    /// Buildings whose footprint's bounding box intersects `box`.
    func buildings(in box: BoundingBox) throws -> [Building]
}

/// A uniform-grid index over buildings in memory (about 100 m cells), for tests and benchmarks.
public struct InMemoryBuildingIndex: BuildingSource, Sendable {
    /// Every building, in the order given.
    public let buildings: [Building]
    private let boxes: [BoundingBox]
    private let cells: [Int64: [Int32]]
    private static let cellDegrees = 0.001

    /// Indexes `buildings`.
    /// - Complexity: O(n) for n buildings of bounded size.
    public init(_ buildings: [Building]) {
        self.buildings = buildings
        var boxes: [BoundingBox] = []
        var cells: [Int64: [Int32]] = [:]
        for (index, building) in buildings.enumerated() {
            let box = Self.box(of: building.footprint)
            boxes.append(box)
            for key in Self.keys(box) { cells[key, default: []].append(Int32(index)) }
        }
        self.boxes = boxes
        self.cells = cells
    }

    /// Buildings whose bounding box intersects `box` (no antimeridian wrap: an index holds one city).
    public func buildings(in box: BoundingBox) -> [Building] {
        var seen = Set<Int32>()
        var result: [Building] = []
        for key in Self.keys(box) {
            for index in cells[key] ?? [] where seen.insert(index).inserted {
                let b = boxes[Int(index)]
                if b.south <= box.north, b.north >= box.south, b.west <= box.east, b.east >= box.west {
                    result.append(buildings[Int(index)])
                }
            }
        }
        return result
    }

    static func box(of ring: [Coordinate]) -> BoundingBox {
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        for c in ring {
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        return BoundingBox(uncheckedSouth: south, west: west, north: north, east: east)
    }

    private static func keys(_ box: BoundingBox) -> [Int64] {
        let r0 = Int64((box.south / cellDegrees).rounded(.down))
        let r1 = Int64((box.north / cellDegrees).rounded(.down))
        let c0 = Int64((box.west / cellDegrees).rounded(.down))
        let c1 = Int64((box.east / cellDegrees).rounded(.down))
        guard r1 >= r0, c1 >= c0, (r1 - r0 + 1) * (c1 - c0 + 1) <= 4_000_000 else { return [] }
        var keys: [Int64] = []
        for r in r0...r1 { for c in c0...c1 { keys.append(r << 32 | (c & 0xFFFF_FFFF)) } }
        return keys
    }
}
