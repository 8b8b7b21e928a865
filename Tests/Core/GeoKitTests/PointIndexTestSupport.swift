import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

/// Random points and brute-force answers for the point-index tests.
enum PointIndexFixtures {
    /// A point uniformly distributed on the sphere.
    static func uniform(using rng: inout SeededGenerator) -> Coordinate {
        let z = Double.random(in: -1...1, using: &rng)
        return Coordinate(
            uncheckedLatitude: asin(z) * 180 / .pi, longitude: Double.random(in: -180...180, using: &rng))
    }

    /// A point drawn from a mix that stresses the awkward places: uniform, within a few degrees
    /// of a pole, within a degree of the antimeridian, exactly on a pole or on ±180°, and inside
    /// a 2 km cluster.
    static func awkward(using rng: inout SeededGenerator) -> Coordinate {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return uniform(using: &rng)
        case 1:
            let latitude = Double.random(in: 85...90, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            return Coordinate(
                uncheckedLatitude: latitude, longitude: Double.random(in: -180...180, using: &rng))
        case 2:
            let offset = Double.random(in: 0...1, using: &rng)
            let longitude = Bool.random(using: &rng) ? 180 - offset : -180 + offset
            return Coordinate(
                uncheckedLatitude: Double.random(in: -89...89, using: &rng), longitude: longitude)
        case 3:
            let latitude: Double = Bool.random(using: &rng) ? 90 : -90
            return Coordinate(
                uncheckedLatitude: latitude, longitude: Double.random(in: -180...180, using: &rng))
        case 4:
            let longitude: Double = Bool.random(using: &rng) ? 180 : -180
            return Coordinate(
                uncheckedLatitude: Double.random(in: -90...90, using: &rng), longitude: longitude)
        default:
            return Coordinate(
                uncheckedLatitude: 48.85 + Double.random(in: -0.01...0.01, using: &rng),
                longitude: 2.35 + Double.random(in: -0.01...0.01, using: &rng))
        }
    }

    /// `count` awkward points, about a tenth of them exact copies of earlier ones.
    static func points(count: Int, using rng: inout SeededGenerator) -> [Coordinate] {
        var points = [Coordinate]()
        for _ in 0..<count {
            if let earlier = points.randomElement(using: &rng), Int.random(in: 0..<10, using: &rng) == 0 {
                points.append(earlier)
            } else {
                points.append(awkward(using: &rng))
            }
        }
        return points
    }

    /// Query points: the poles, the antimeridian from both sides, awkward random points, and
    /// some of the data points themselves.
    static func queries(for points: [Coordinate], count: Int, using rng: inout SeededGenerator)
        -> [Coordinate]
    {
        var queries = [
            Coordinate(uncheckedLatitude: 90, longitude: 0),
            Coordinate(uncheckedLatitude: -90, longitude: 123),
            Coordinate(uncheckedLatitude: 0, longitude: 180),
            Coordinate(uncheckedLatitude: 0, longitude: -180),
            Coordinate(uncheckedLatitude: 89.5, longitude: 179.99),
            Coordinate(uncheckedLatitude: -60, longitude: -179.999),
            Coordinate(uncheckedLatitude: 48.85, longitude: 2.35),
        ]
        for _ in 0..<count {
            queries.append(awkward(using: &rng))
        }
        for _ in 0..<Swift.min(5, points.count) {
            if let point = points.randomElement(using: &rng) { queries.append(point) }
        }
        return queries
    }

    /// Radii in metres for radius queries: zero, metres, city, continent, most of the globe,
    /// exactly and beyond half the circumference.
    static let radii: [Double] = [
        0, 1, 500, 5_000, 300_000, 1_500_000, 8_000_000, 19_000_000,
        Double.pi * EarthRadius.mean, 25_000_000, 1e12,
    ]

    /// Every point's haversine distance from `query`, nearest first, ties by index.
    static func bruteForce(_ points: [Coordinate], from query: Coordinate) -> [PointNeighbor] {
        points.enumerated()
            .map { PointNeighbor(index: $0.offset, distance: Haversine.distance(query, $0.element)) }
            .sorted { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
    }
}

/// A brute-force answer for one query: every point ranked nearest first, and each identifier's
/// haversine distance.
struct PointIndexTruth<ID: Hashable> {
    let ranked: [(id: ID, distance: Double)]
    let distanceByID: [ID: Double]

    init(_ pairs: [(id: ID, distance: Double)]) {
        ranked = pairs.sorted { $0.distance < $1.distance }
        distanceByID = Dictionary(pairs.map { ($0.id, $0.distance) }, uniquingKeysWith: { first, _ in first })
    }
}

extension PointIndexFixtures {
    /// Checks a k-nearest answer against brute force, allowing any choice among ties: the
    /// distances rank by rank, and each reported identifier's true distance.
    static func expectNearest<ID: Hashable>(
        _ result: [(id: ID, distance: Double)], matches truth: PointIndexTruth<ID>, k: Int,
        tolerance: Double = 1e-6, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var problems = [String]()
        let expectedCount = Swift.max(0, Swift.min(k, truth.ranked.count))
        if result.count != expectedCount {
            problems.append("k = \(k): \(result.count) neighbours, expected \(expectedCount)")
        }
        if Set(result.map(\.id)).count != result.count { problems.append("duplicate ids") }
        for (rank, neighbor) in result.enumerated() where rank < truth.ranked.count {
            if !(abs(neighbor.distance - truth.ranked[rank].distance) <= tolerance) {
                problems.append(
                    "rank \(rank): \(neighbor.distance) m, brute force \(truth.ranked[rank].distance) m")
            }
            let actual = truth.distanceByID[neighbor.id] ?? .nan
            if !(abs(actual - neighbor.distance) <= tolerance) {
                problems.append("id \(neighbor.id) reported at \(neighbor.distance) m, is at \(actual) m")
            }
            if rank > 0, result[rank - 1].distance > neighbor.distance {
                problems.append("not sorted at rank \(rank)")
            }
        }
        #expect(
            problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))",
            sourceLocation: sourceLocation)
    }

    /// Checks a radius answer: exactly the identifiers whose haversine distance is within
    /// `radius`, nearest first, each with its exact distance.
    static func expectWithin<ID: Hashable>(
        _ result: [(id: ID, distance: Double)], matches truth: PointIndexTruth<ID>, radius: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var problems = [String]()
        let expectedCount = truth.ranked.prefix { $0.distance <= radius }.count
        if result.count != expectedCount {
            problems.append("\(result.count) found, \(expectedCount) within the radius")
        }
        if Set(result.map(\.id)).count != result.count { problems.append("duplicate ids") }
        for neighbor in result {
            let actual = truth.distanceByID[neighbor.id] ?? .nan
            if actual != neighbor.distance || !(actual <= radius) {
                problems.append("id \(neighbor.id) reported at \(neighbor.distance) m, is at \(actual) m")
            }
        }
        if !zip(result, result.dropFirst()).allSatisfy({ $0.distance <= $1.distance }) {
            problems.append("not sorted")
        }
        #expect(
            problems.isEmpty, "radius \(radius) m: \(problems.prefix(5))", sourceLocation: sourceLocation)
    }
}
