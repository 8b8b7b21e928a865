import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Bounding box around a point")
struct BoundingBoxTests {
    private func c(_ lat: Double, _ lon: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: lat, longitude: lon)
    }

    @Test(
        "contains every point within the radius, near poles and the antimeridian too",
        arguments: [1.0, 500, 25_000, 900_000, 5_000_000])
    func containsCircle(radius: Double) throws {
        var rng = SeededGenerator(seed: UInt64(radius))
        let centers =
            (0..<300).map { _ in rng.coordinate() }
            + [c(89.999, 0), c(-89.9999, 120), c(0, 179.9999), c(45, -180), c(-60, 179.99), c(90, 0)]
        for center in centers {
            let box = try BoundingBox.around(center, radius: radius)
            #expect(box.contains(center))
            for _ in 0..<50 {
                let p = try Spherical.destination(
                    from: center, bearing: Double.random(in: 0..<360, using: &rng),
                    distance: radius * Double.random(in: 0.5...1, using: &rng))
                #expect(box.contains(p), "\(p) at \(radius) m from \(center) is outside \(box)")
            }
        }
    }

    @Test(
        "contains every point within the radius along the WGS84 geodesic too",
        arguments: [1.0, 500, 25_000, 900_000])
    func containsGeodesicCircle(radius: Double) throws {
        var rng = SeededGenerator(seed: UInt64(radius) &+ 1)
        // The equator is where a degree of latitude is shortest on the ellipsoid, so a box built
        // with the mean sphere's radius would miss points there; include it deliberately.
        let centers = (0..<300).map { _ in rng.coordinate() } + [c(0, 0), c(0.001, 179.999), c(89.99, 0)]
        for center in centers {
            let box = try BoundingBox.around(center, radius: radius)
            for _ in 0..<50 {
                let p = try Geodesic.wgs84.direct(
                    from: center, azimuth: Double.random(in: 0..<360, using: &rng), distance: radius
                ).destination
                #expect(box.contains(p), "\(p) at geodesic \(radius) m from \(center) is outside \(box)")
            }
        }
    }

    @Test("is not much larger than the circle")
    func isTight() throws {
        let center = c(60.17, 24.94)
        let box = try BoundingBox.around(center, radius: 1_000)
        let northEdge = Haversine.distance(center, c(box.north, center.longitude))
        let eastEdge = Haversine.distance(center, c(center.latitude, box.east))
        #expect(northEdge >= 1_000 && northEdge < 1_010)
        #expect(eastEdge >= 1_000 && eastEdge < 1_010)
    }

    @Test("wraps across the antimeridian and reaches over the pole")
    func wrapsAndPoles() throws {
        let wrapped = try BoundingBox.around(c(0, 179.999), radius: 1_000)
        #expect(wrapped.crossesAntimeridian)
        #expect(wrapped.contains(c(0, -179.999)))
        #expect(!wrapped.contains(c(0, 0)))
        #expect(wrapped.nonWrappingParts.count == 2)
        let polar = try BoundingBox.around(c(89.995, 10), radius: 1_000)
        #expect(polar.west == -180 && polar.east == 180 && polar.north == 90)
        #expect(try BoundingBox.around(c(0, 0), radius: 30_000_000) == .world)
    }

    @Test("refuses a negative or non-finite radius, and inverted edges")
    func refusesBadInput() {
        #expect(throws: BoundingBoxError.invalidRadius(-1)) { try BoundingBox.around(c(0, 0), radius: -1) }
        #expect(throws: BoundingBoxError.self) { try BoundingBox.around(c(0, 0), radius: .nan) }
        #expect(throws: BoundingBoxError.southAboveNorth(south: 10, north: 0)) {
            try BoundingBox(south: 10, west: 0, north: 0, east: 1)
        }
        #expect(throws: BoundingBoxError.edgeOutOfRange(edge: "east", value: 181)) {
            try BoundingBox(south: 0, west: 0, north: 1, east: 181)
        }
    }
}
