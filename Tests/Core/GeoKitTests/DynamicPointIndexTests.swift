import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Dynamic point index agrees with a brute-force model")
struct DynamicPointIndexTests {
    static let seeds: [UInt64] = [1, 2, 3, 2026]

    /// Every model point's haversine distance from `query`, nearest first.
    private func truth(_ model: [Int: Coordinate], from query: Coordinate) -> PointIndexTruth<Int> {
        PointIndexTruth(model.map { (id: $0.key, distance: Haversine.distance(query, $0.value)) })
    }

    private func pairs(_ neighbors: [IdentifiedNeighbor<Int>]) -> [(id: Int, distance: Double)] {
        neighbors.map { (id: $0.id, distance: $0.distance) }
    }

    /// Compares counts, stored coordinates and a handful of queries with the model.
    private func check(
        _ index: DynamicPointIndex<Int>, against model: [Int: Coordinate], using rng: inout SeededGenerator,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(index.count == model.count, sourceLocation: sourceLocation)
        let misplaced = model.filter { index.coordinate(of: $0.key) != $0.value }
        #expect(
            misplaced.isEmpty, "coordinates differ for \(misplaced.keys.prefix(5))",
            sourceLocation: sourceLocation)
        #expect(index.coordinate(of: -1) == nil, sourceLocation: sourceLocation)
        var buffer = [IdentifiedNeighbor<Int>]()
        let points = Array(model.values)
        let queries = PointIndexFixtures.queries(for: points, count: 2, using: &rng).shuffled(using: &rng)
        for query in queries.prefix(6) {
            let truth = truth(model, from: query)
            for k in [1, 5, 20, model.count + 1] {
                let result = index.nearest(to: query, k: k)
                PointIndexFixtures.expectNearest(
                    pairs(result), matches: truth, k: k, sourceLocation: sourceLocation)
                index.nearest(to: query, k: k, into: &buffer)
                #expect(
                    pairs(buffer).map(\.distance) == pairs(result).map(\.distance),
                    sourceLocation: sourceLocation)
            }
            for radius in [0, 500, 300_000, 8_000_000, 1e9] {
                let result = try index.within(radius: radius, of: query)
                PointIndexFixtures.expectWithin(
                    pairs(result), matches: truth, radius: radius, sourceLocation: sourceLocation)
                try index.within(radius: radius, of: query, into: &buffer)
                #expect(Set(buffer) == Set(result), sourceLocation: sourceLocation)
            }
        }
    }

    @Test(
        "random interleaved inserts, re-inserts, moves and removes keep every query exact",
        arguments: seeds)
    func interleavedOperations(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var index = DynamicPointIndex<Int>()
        var model = [Int: Coordinate]()
        var nextID = 0
        try check(index, against: model, using: &rng)
        // Grow, churn, shrink to (nearly) nothing, then grow again, checking after every batch.
        let phases: [(batches: Int, insertWeight: Int, removeWeight: Int)] = [
            (6, 8, 1), (5, 3, 3), (6, 1, 8), (4, 8, 1),
        ]
        for phase in phases {
            for _ in 0..<phase.batches {
                for _ in 0..<60 {
                    let roll = Int.random(in: 0..<(phase.insertWeight + phase.removeWeight + 4), using: &rng)
                    let existing = model.keys.randomElement(using: &rng)
                    let coordinate =
                        Int.random(in: 0..<5, using: &rng) == 0
                        ? (model.values.randomElement(using: &rng) ?? PointIndexFixtures.awkward(using: &rng))
                        : PointIndexFixtures.awkward(using: &rng)
                    if roll < phase.insertWeight {
                        index.insert(nextID, at: coordinate)
                        model[nextID] = coordinate
                        nextID += 1
                    } else if roll < phase.insertWeight + phase.removeWeight {
                        let id = existing ?? nextID
                        let removed = index.remove(id)
                        #expect(removed == (model.removeValue(forKey: id) != nil))
                    } else if roll == phase.insertWeight + phase.removeWeight, let id = existing {
                        index.insert(id, at: coordinate)  // re-insert moves
                        model[id] = coordinate
                    } else if roll == phase.insertWeight + phase.removeWeight + 1 {
                        let moved = index.move(nextID + 1, to: coordinate)
                        let removed = index.remove(nextID + 1)
                        #expect(!moved && !removed)
                    } else if let id = existing {
                        let moved = index.move(id, to: coordinate)
                        #expect(moved)
                        model[id] = coordinate
                    }
                }
                try check(index, against: model, using: &rng)
            }
        }
    }

    @Test("many co-located points survive splitting, querying and removal")
    func colocatedPoints() throws {
        var rng = SeededGenerator(seed: 77)
        var index = DynamicPointIndex<Int>()
        var model = [Int: Coordinate]()
        let spot = Coordinate(uncheckedLatitude: 90, longitude: 45)
        for id in 0..<100 {
            let coordinate = id % 3 == 0 ? Coordinate(uncheckedLatitude: 90, longitude: -120) : spot
            index.insert(id, at: coordinate)
            model[id] = coordinate
        }
        try check(index, against: model, using: &rng)
        #expect(try index.within(radius: 1, of: spot).count == 100)
        for id in stride(from: 0, to: 100, by: 2) {
            let removed = index.remove(id)
            #expect(removed)
            model[id] = nil
        }
        try check(index, against: model, using: &rng)
    }

    @Test("removing everything collapses the tree back to a single leaf", arguments: seeds)
    func collapsesWhenEmptied(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var index = DynamicPointIndex<Int>()
        for id in 0..<500 {
            index.insert(id, at: PointIndexFixtures.awkward(using: &rng))
        }
        #expect(!index.nodes[0].isLeaf)
        for id in (0..<500).shuffled(using: &rng) {
            let removed = index.remove(id)
            #expect(removed)
        }
        #expect(index.isEmpty)
        #expect(index.nodes[0].isLeaf && index.nodes[0].count == 0)
        #expect(index.nearest(to: Coordinate(uncheckedLatitude: 0, longitude: 0), k: 3).isEmpty)
        // Freed blocks are reused: refilling does not grow the node array.
        let nodeCount = index.nodes.count
        for id in 0..<500 {
            index.insert(id, at: PointIndexFixtures.awkward(using: &rng))
        }
        #expect(index.nodes.count <= nodeCount + 8 * 40)
    }

    @Test("works with any hashable identifier and builds from pairs")
    func stringIdentifiers() throws {
        let london = Coordinate(uncheckedLatitude: 51.5074, longitude: -0.1278)
        let paris = Coordinate(uncheckedLatitude: 48.8566, longitude: 2.3522)
        let fiji = Coordinate(uncheckedLatitude: -17.7134, longitude: 178.065)
        var index = DynamicPointIndex<String>([("london", london), ("paris", paris), ("fiji", fiji)])
        #expect(index.nearest(to: london, k: 2).map(\.id) == ["london", "paris"])
        #expect(try index.within(radius: 400_000, of: paris).map(\.id) == ["paris", "london"])
        index.insert("paris", at: Coordinate(uncheckedLatitude: -17.8, longitude: -179.9))
        #expect(index.count == 3)
        #expect(index.nearest(to: fiji, k: 2).map(\.id) == ["fiji", "paris"])
        index.removeAll()
        #expect(index.isEmpty && index.coordinate(of: "fiji") == nil)
    }

    @Test(
        "refuses negative and non-finite radii with a typed error",
        arguments: [-1, Double.nan, Double.infinity, -Double.infinity])
    func refusesBadRadius(radius: Double) {
        let index = DynamicPointIndex<Int>([(1, Coordinate(uncheckedLatitude: 0, longitude: 0))])
        #expect(throws: BoundingBoxError.self) {
            try index.within(radius: radius, of: Coordinate(uncheckedLatitude: 0, longitude: 0))
        }
    }

    @Test("k of zero or less returns nothing", arguments: [-1, 0])
    func degenerateK(k: Int) {
        let index = DynamicPointIndex<Int>([(1, Coordinate(uncheckedLatitude: 0, longitude: 0))])
        #expect(index.nearest(to: Coordinate(uncheckedLatitude: 1, longitude: 1), k: k).isEmpty)
    }
}
