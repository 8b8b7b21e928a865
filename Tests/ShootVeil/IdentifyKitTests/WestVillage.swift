import Foundation
import GeoKit
import LociTestSupport
import PlaceImport
import PlaceKit
import PlaceStore

@testable import IdentifyKit

/// The real West Village footprints, imported once into a temporary place store.
enum WestVillage {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let available = SharedData.has(extract)

    /// Every building of the extract, read back from the store.
    static let buildings: [Building] = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("identify-wv-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard (try? OSMPlaceImporter().import(from: SharedData.url(extract), into: path)) != nil,
            let store = try? SQLitePlaceStore(path: path),
            let all = try? store.buildings(
                in: BoundingBox(uncheckedSouth: 40, west: -75, north: 41, east: -73), limit: 100_000)
        else { return [] }
        return all
    }()

    static let index = InMemoryBuildingIndex(buildings)

    static let intrinsics = try! CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024)

    /// A capture at `point`, 1.6 m above the ground, looking along `heading` at `pitch`.
    static func capture(at point: Coordinate, heading: Double, pitch: Double, accuracy: Double) throws
        -> CaptureMetadata
    {
        try CaptureMetadata(
            time: nil, coordinate: point, ellipsoidalHeight: -30,
            attitude: CameraAttitude(heading: heading, pitch: pitch),
            headingAccuracy: accuracy, intrinsics: intrinsics)
    }
}

/// A flat local projection for the tests' own geometry (equirectangular about `origin`): a
/// different projection from the engine's ECEF → ENU, good to centimetres within a few hundred metres.
struct FlatProjection {
    let origin: Coordinate
    let metresPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * 40.73 * .pi / 180)
    var metresPerDegreeLongitude: Double { 111_412.84 * cos(origin.latitude * .pi / 180) }

    func xy(_ c: Coordinate) -> (x: Double, y: Double) {
        (
            (c.longitude - origin.longitude) * metresPerDegreeLongitude,
            (c.latitude - origin.latitude) * metresPerDegreeLatitude
        )
    }

    func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(
            uncheckedLatitude: origin.latitude + y / metresPerDegreeLatitude,
            longitude: origin.longitude + x / metresPerDegreeLongitude)
    }

    /// Distance from the origin to a ring's edges (not caring about inside).
    func edgeDistance(_ ring: [Coordinate]) -> Double {
        let points = ring.map(xy)
        var best = Double.infinity
        for i in 0..<(points.count - 1) {
            let a = points[i]
            let b = points[i + 1]
            let abx = b.x - a.x
            let aby = b.y - a.y
            let l2 = abx * abx + aby * aby
            let s = l2 > 0 ? max(0, min(1, -(a.x * abx + a.y * aby) / l2)) : 0
            let px = a.x + s * abx
            let py = a.y + s * aby
            best = min(best, (px * px + py * py).squareRoot())
        }
        return best
    }

    /// Whether the origin lies inside a ring (even-odd rule).
    func contains(_ ring: [Coordinate]) -> Bool {
        let points = ring.map(xy)
        var inside = false
        for i in 0..<(points.count - 1) {
            let a = points[i]
            let b = points[i + 1]
            if (a.y > 0) != (b.y > 0) {
                let x = a.x - a.y * (b.x - a.x) / (b.y - a.y)
                if x > 0 { inside.toggle() }
            }
        }
        return inside
    }

    /// Sorted distances where the ray from the origin along `bearing` crosses a ring's edges.
    func crossings(_ ring: [Coordinate], bearing: Double) -> [Double] {
        let dx = sin(bearing * .pi / 180)
        let dy = cos(bearing * .pi / 180)
        let points = ring.map(xy)
        var ts: [Double] = []
        for i in 0..<(points.count - 1) {
            let a = points[i]
            let b = points[i + 1]
            // Solve a + s(b − a) = t d.
            let ex = b.x - a.x
            let ey = b.y - a.y
            let det = ex * dy - ey * dx
            if abs(det) < 1e-12 { continue }
            let s = (a.y * dx - a.x * dy) / det
            let t = (ex * a.y - ey * a.x) / det
            if s >= 0, s < 1, t > 0 { ts.append(t) }
        }
        return ts.sorted()
    }
}
