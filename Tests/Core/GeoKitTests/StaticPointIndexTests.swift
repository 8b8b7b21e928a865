import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Static point index agrees with brute force")
struct StaticPointIndexTests {
    static let seeds: [UInt64] = [1, 2, 3, 2026]
    static let sizes = [0, 1, 2, 9, 17, 300, 1_500]

    private func pairs(_ neighbors: [PointNeighbor]) -> [(id: Int, distance: Double)] {
        neighbors.map { (id: $0.index, distance: $0.distance) }
    }

    @Test("k-nearest matches brute force for every size, seed and awkward query", arguments: seeds)
    func nearestMatchesBruteForce(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for size in Self.sizes {
            let points = PointIndexFixtures.points(count: size, using: &rng)
            let index = StaticPointIndex(points)
            #expect(index.count == size)
            var buffer = [PointNeighbor]()
            for query in PointIndexFixtures.queries(for: points, count: 8, using: &rng) {
                let truth = PointIndexTruth(pairs(PointIndexFixtures.bruteForce(points, from: query)))
                for k in [1, 2, 10, 33, size, size + 5] {
                    let result = index.nearest(to: query, k: k)
                    PointIndexFixtures.expectNearest(pairs(result), matches: truth, k: k)
                    index.nearest(to: query, k: k, into: &buffer)
                    #expect(buffer == result, "the buffered variant must agree")
                }
            }
        }
    }

    @Test(
        "radius queries match brute force, including across the antimeridian and over the poles",
        arguments: seeds)
    func withinMatchesBruteForce(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for size in Self.sizes {
            let points = PointIndexFixtures.points(count: size, using: &rng)
            let index = StaticPointIndex(points)
            var buffer = [PointNeighbor]()
            for query in PointIndexFixtures.queries(for: points, count: 6, using: &rng) {
                let truth = PointIndexTruth(pairs(PointIndexFixtures.bruteForce(points, from: query)))
                for radius in PointIndexFixtures.radii {
                    let result = try index.within(radius: radius, of: query)
                    PointIndexFixtures.expectWithin(pairs(result), matches: truth, radius: radius)
                    try index.within(radius: radius, of: query, into: &buffer)
                    #expect(buffer == result, "the buffered variant must agree")
                }
            }
        }
    }

    @Test("a cap around the North Pole that straddles the antimeridian finds points on both sides")
    func capOverPoleAndAntimeridian() throws {
        let points = [
            Coordinate(uncheckedLatitude: 89, longitude: 179.5),
            Coordinate(uncheckedLatitude: 89, longitude: -179.5),
            Coordinate(uncheckedLatitude: 90, longitude: 0),
            Coordinate(uncheckedLatitude: 88.5, longitude: 0),
            Coordinate(uncheckedLatitude: 85, longitude: 180),
            Coordinate(uncheckedLatitude: 80, longitude: -180),
            Coordinate(uncheckedLatitude: 0, longitude: 180),
        ]
        let index = StaticPointIndex(points)
        let center = Coordinate(uncheckedLatitude: 88, longitude: 180)
        let result = try index.within(radius: 500_000, of: center)
        let expected = points.indices.filter { Haversine.distance(center, points[$0]) <= 500_000 }
        #expect(Set(result.map(\.index)) == Set(expected))
        #expect(Set(result.map(\.index)) == [0, 1, 2, 3, 4])
    }

    @Test("ties are broken by lower index, so co-located points come back in input order")
    func tiesByIndex() throws {
        let spot = Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093)
        let elsewhere = Coordinate(uncheckedLatitude: -33.9, longitude: 151.2)
        var points = Array(repeating: spot, count: 40)
        points.insert(elsewhere, at: 7)
        let index = StaticPointIndex(points)
        let expected = Array(points.indices.filter { points[$0] == spot }.prefix(25))
        #expect(index.nearest(to: spot, k: 25).map(\.index) == expected)
        let all = try index.within(radius: 10, of: spot)
        #expect(all.map(\.index) == points.indices.filter { points[$0] == spot })
        #expect(all.allSatisfy { $0.distance == 0 })
    }

    @Test("k of zero or less returns nothing; k beyond the count returns everything", arguments: [-3, 0])
    func degenerateK(k: Int) {
        var rng = SeededGenerator(seed: 9)
        let points = PointIndexFixtures.points(count: 50, using: &rng)
        let index = StaticPointIndex(points)
        let query = Coordinate(uncheckedLatitude: 10, longitude: 20)
        #expect(index.nearest(to: query, k: k).isEmpty)
        #expect(index.nearest(to: query, k: 1_000).count == 50)
        #expect(StaticPointIndex([]).nearest(to: query, k: 5).isEmpty)
    }

    @Test(
        "refuses negative and non-finite radii with a typed error",
        arguments: [-1, -0.000_1, Double.nan, Double.infinity, -Double.infinity])
    func refusesBadRadius(radius: Double) {
        let index = StaticPointIndex([Coordinate(uncheckedLatitude: 0, longitude: 0)])
        let query = Coordinate(uncheckedLatitude: 0, longitude: 0)
        #expect(throws: BoundingBoxError.self) { try index.within(radius: radius, of: query) }
        do {
            _ = try index.within(radius: radius, of: query)
        } catch {
            if case .invalidRadius(let value) = error {
                #expect(value == radius || (value.isNaN && radius.isNaN))
            } else {
                Issue.record("expected invalidRadius, got \(error)")
            }
        }
    }

    @Test("keeps the input coordinates in order")
    func keepsCoordinates() {
        var rng = SeededGenerator(seed: 5)
        let points = PointIndexFixtures.points(count: 100, using: &rng)
        #expect(StaticPointIndex(points).coordinates == points)
    }
}
