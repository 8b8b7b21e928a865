import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("ECEF and local ENU frames")
struct LocalTangentPlaneTests {
    private let wgs84 = Ellipsoid.wgs84

    @Test("known ECEF points: the equator at the prime meridian and the poles")
    func knownPoints() throws {
        let origin = wgs84.ecef(from: GeodeticPosition(Coordinate(uncheckedLatitude: 0, longitude: 0)))
        #expect(abs(origin.x - 6_378_137) < 1e-6 && abs(origin.y) < 1e-6 && abs(origin.z) < 1e-6)
        let pole = wgs84.ecef(
            from: GeodeticPosition(Coordinate(uncheckedLatitude: 90, longitude: 45), height: 10))
        #expect(abs(pole.z - (wgs84.polarRadius + 10)) < 1e-6)
        let back = try wgs84.geodetic(from: ECEF(x: 0, y: 0, z: -wgs84.polarRadius - 5))
        #expect(back.coordinate.latitude == -90 && abs(back.height - 5) < 1e-6)
    }

    @Test("geodetic to ECEF and back round-trips to well under a millimetre")
    func roundTrip() throws {
        var rng = SeededGenerator(seed: 99)
        for _ in 0..<5_000 {
            let position = GeodeticPosition(
                rng.coordinate(), height: Double.random(in: -12_000...40_000_000, using: &rng))
            let back = try wgs84.geodetic(from: wgs84.ecef(from: position))
            #expect(abs(back.height - position.height) < 1e-4)
            let moved =
                Haversine.distance(back.coordinate, position.coordinate)
                * (1 + position.height / EarthRadius.mean)
            #expect(moved < 1e-4)
        }
    }

    @Test("refuses non-finite and near-centre points")
    func refusesBadPoints() {
        #expect(throws: GeometryError.notFinite("ECEF component")) {
            try wgs84.geodetic(from: ECEF(x: .nan, y: 0, z: 0))
        }
        #expect(throws: GeometryError.self) { try wgs84.geodetic(from: ECEF(x: 10, y: 0, z: 0)) }
    }

    @Test("ENU axes point east, north and up")
    func axes() throws {
        let frame = LocalTangentPlane(
            origin: GeodeticPosition(Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), height: 20))
        let above = frame.enu(
            from: GeodeticPosition(Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), height: 120))
        #expect(abs(above.up - 100) < 1e-6 && abs(above.east) < 1e-6 && abs(above.north) < 1e-6)
        let east = try frame.geodetic(from: ENU(east: 1_000, north: 0, up: 0))
        #expect(east.coordinate.longitude > 24.94 && abs(east.coordinate.latitude - 60.17) < 1e-3)
        let north = try frame.geodetic(from: ENU(east: 0, north: 1_000, up: 0))
        #expect(north.coordinate.latitude > 60.17 && abs(north.coordinate.longitude - 24.94) < 1e-9)
        // Tangent plane: 1 km away the surface drops below the plane by about d²/2R ≈ 7.8 cm.
        #expect(abs(north.height - 20.0785) < 0.01)
    }

    @Test("ENU offsets round-trip through geodetic positions")
    func enuRoundTrip() throws {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<1_000 {
            let frame = LocalTangentPlane(
                origin: GeodeticPosition(
                    rng.coordinate(), height: Double.random(in: -100...9_000, using: &rng)))
            let offset = ENU(
                east: Double.random(in: -50_000...50_000, using: &rng),
                north: Double.random(in: -50_000...50_000, using: &rng),
                up: Double.random(in: -1_000...12_000, using: &rng))
            let back = frame.enu(from: try frame.geodetic(from: offset))
            #expect(
                abs(back.east - offset.east) < 1e-4 && abs(back.north - offset.north) < 1e-4
                    && abs(back.up - offset.up) < 1e-4)
        }
    }

    @Test("azimuth and elevation of an offset, and the direction vector back")
    func azimuthElevation() {
        let v = ENU(east: 100, north: 100, up: 100 * 2.0.squareRoot())
        #expect(abs(v.azimuth - 45) < 1e-9 && abs(v.elevation - 45) < 1e-9)
        let d = ENU.direction(azimuth: 250, elevation: -10)
        #expect(abs(d.azimuth - 250) < 1e-9 && abs(d.elevation + 10) < 1e-9)
        #expect(abs(ENU(east: -1, north: 0, up: 0).azimuth - 270) < 1e-9)
    }
}
