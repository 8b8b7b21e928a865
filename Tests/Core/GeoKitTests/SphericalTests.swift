import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

private func c(_ lat: Double, _ lon: Double) -> Coordinate {
    Coordinate(uncheckedLatitude: lat, longitude: lon)
}

/// Great-circle distance from unit vectors, an independent formula to check haversine against.
private func vectorDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
    func unit(_ p: Coordinate) -> (Double, Double, Double) {
        let phi = p.latitude * .pi / 180
        let lambda = p.longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
    let u = unit(a)
    let v = unit(b)
    let cross = (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0)
    let crossNorm = (cross.0 * cross.0 + cross.1 * cross.1 + cross.2 * cross.2).squareRoot()
    let dot = u.0 * v.0 + u.1 * v.1 + u.2 * v.2
    return atan2(crossNorm, dot) * EarthRadius.mean
}

@Suite("Haversine and spherical helpers")
struct SphericalTests {
    @Test("haversine agrees with the vector formula on random pairs, antipodes included")
    func haversineMatchesVectors() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let a = rng.coordinate()
            let b = rng.coordinate()
            #expect(abs(Haversine.distance(a, b) - vectorDistance(a, b)) < 1e-6)
        }
        #expect(abs(Haversine.distance(c(0, 0), c(0, 180)) - .pi * EarthRadius.mean) < 1e-6)
        #expect(abs(Haversine.distance(c(90, 0), c(-90, 0)) - .pi * EarthRadius.mean) < 1e-6)
        #expect(abs(Haversine.distance(c(0, 179.5), c(0, -179.5)) - .pi / 180 * EarthRadius.mean) < 1e-6)
    }

    @Test(
        "bearings point the right way",
        arguments: [
            ((0.0, 0.0), (0.0, 1.0), 90.0), ((0.0, 0.0), (1.0, 0.0), 0.0),
            ((0.0, 0.0), (0.0, -1.0), 270.0), ((0.0, 0.0), (-1.0, 0.0), 180.0),
            ((0.0, 179.9), (0.0, -179.9), 90.0), ((10.0, 0.0), (90.0, 0.0), 0.0),
        ])
    func bearings(from: (Double, Double), to: (Double, Double), expected: Double) {
        let bearing = Spherical.initialBearing(from: c(from.0, from.1), to: c(to.0, to.1))
        #expect(abs(bearing - expected) < 1e-9)
    }

    @Test("final bearing along a parallel-crossing great circle differs from the initial one")
    func finalBearing() {
        // Leaving the equator north-east, a great circle arrives more easterly at higher latitudes.
        let a = c(0, 0)
        let b = c(45, 90)
        #expect(abs(Spherical.initialBearing(from: a, to: b) - 45) < 1e-9)
        #expect(abs(Spherical.finalBearing(from: a, to: b) - 90) < 1e-9)
    }

    @Test("destination returns to the target on random pairs")
    func destinationRoundTrip() throws {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let a = rng.coordinate(latitudes: -89...89)
            let b = rng.coordinate(latitudes: -89...89)
            let d = Haversine.distance(a, b)
            guard d < 19_000_000 else { continue }  // near-antipodal bearings are ill-conditioned
            let reached = try Spherical.destination(
                from: a, bearing: Spherical.initialBearing(from: a, to: b), distance: d)
            #expect(Haversine.distance(reached, b) < 1e-3)
        }
        #expect(throws: GeometryError.notFinite("distance")) {
            try Spherical.destination(from: c(0, 0), bearing: 0, distance: .nan)
        }
        #expect(throws: GeometryError.notFinite("bearing")) {
            try Spherical.destination(from: c(0, 0), bearing: .infinity, distance: 1)
        }
    }

    @Test("destination across the antimeridian wraps the longitude")
    func destinationWraps() throws {
        let reached = try Spherical.destination(
            from: c(0, 179.5), bearing: 90, distance: .pi / 180 * EarthRadius.mean)
        #expect(abs(reached.longitude - -179.5) < 1e-9)
        #expect(abs(reached.latitude) < 1e-9)
    }

    @Test("cross-track distance is negative to the left and matches the arc to the path")
    func crossTrack() {
        let start = c(0, 0)
        let end = c(0, 10)
        let oneDegree = .pi / 180 * EarthRadius.mean
        #expect(
            abs(Spherical.crossTrackDistance(of: c(1, 5), pathStart: start, pathEnd: end) + oneDegree) < 1e-6)
        #expect(
            abs(Spherical.crossTrackDistance(of: c(-1, 5), pathStart: start, pathEnd: end) - oneDegree) < 1e-6
        )
        #expect(abs(Spherical.crossTrackDistance(of: c(0, 3), pathStart: start, pathEnd: end)) < 1e-6)
        #expect(
            abs(Spherical.alongTrackDistance(of: c(1, 5), pathStart: start, pathEnd: end) - 5 * oneDegree) < 1
        )
    }

    @Test("point-to-segment distance matches a dense sampling of the segment")
    func pointToSegment() throws {
        var rng = SeededGenerator(seed: 23)
        for _ in 0..<200 {
            let a = rng.coordinate(latitudes: -80...80)
            let bearing = Double.random(in: 0..<360, using: &rng)
            let length = Double.random(in: 100...2_000_000, using: &rng)
            let b = try Spherical.destination(from: a, bearing: bearing, distance: length)
            let p = try Spherical.destination(
                from: a, bearing: Double.random(in: 0..<360, using: &rng),
                distance: Double.random(in: 0...3_000_000, using: &rng))
            var sampled = Double.infinity
            for i in 0...2_000 {
                let q = try Spherical.destination(
                    from: a, bearing: bearing, distance: length * Double(i) / 2_000)
                sampled = min(sampled, Haversine.distance(p, q))
            }
            let computed = Spherical.distance(from: p, toSegment: a, b)
            #expect(computed <= sampled + 1e-6)
            // Sampling is within half a step of the true minimum.
            #expect(sampled - computed <= length / 2_000 / 2 + 1e-6)
        }
    }
}
