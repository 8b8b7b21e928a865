import Foundation
import GeoKit
import PlaceKit

/// The buildings around one observer, as prisms in the observer's local east-north plane.
///
/// Footprints are projected with the exact ECEF → ENU rotation; the earth's curvature is put back
/// into the ray height (``rayHeight(at:tanElevation:)``), not into the footprints.
struct BuildingScene {
    /// A footprint extruded from `base` to `top` metres above the ground.
    struct Prism {
        var building: Building
        /// Closed ring, metres east and north of the observer.
        var ring: [SIMD2<Double>]
        var base: Double
        /// `nil` when the height is unknown (then any ray that enters the footprint hits it).
        var top: Double?
        /// Distance from the observer to the nearest point of the footprint (0 inside it).
        var nearest: Double
        /// Azimuth extent relative to the wedge centre, radians, or `nil` when it surrounds the observer.
        var angles: ClosedRange<Double>?
    }

    /// A ray's first hit.
    struct Hit {
        var prism: Int
        /// Horizontal distance where the ray enters the footprint, metres.
        var entry: Double
    }

    var prisms: [Prism]
    let eyeHeight: Double
    /// (1 − k) / 2R: the curvature-and-refraction drop per metre².
    let dropPerSquareMetre: Double

    /// Prisms for the buildings in `buildings` that overlap the wedge `centre ± halfWidth` (degrees)
    /// within `range` metres, sorted by nearest distance.
    init(
        buildings: [Building], observer: GeodeticPosition, eyeHeight: Double, centre: Double,
        halfWidth: Double,
        range: Double, refraction: Double
    ) {
        let plane = LocalTangentPlane(origin: GeodeticPosition(observer.coordinate, height: 0))
        let centreRadians = centre * Angle.radiansPerDegree
        let half = halfWidth * Angle.radiansPerDegree
        var prisms: [Prism] = []
        // Each footprint's first vertex is projected exactly; the others are offsets from it through
        // the observer's scale factors (within 2 km and a footprint's size the error is millimetres).
        let phi = observer.coordinate.latitude * Angle.radiansPerDegree
        let e2 = plane.ellipsoid.eccentricitySquared
        let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let eastPerDegree = plane.ellipsoid.equatorialRadius / w * cos(phi) * Angle.radiansPerDegree
        let northPerDegree =
            plane.ellipsoid.equatorialRadius * (1 - e2) / (w * w * w) * Angle.radiansPerDegree
        for building in buildings {
            guard let first = building.footprint.first else { continue }
            let anchor = plane.enu(from: GeodeticPosition(first))
            let ring = building.footprint.map { c -> SIMD2<Double> in
                var dLon = c.longitude - first.longitude
                if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
                return SIMD2(
                    anchor.east + dLon * eastPerDegree,
                    anchor.north + (c.latitude - first.latitude) * northPerDegree)
            }
            let nearest = Self.nearestDistance(ring)
            guard nearest <= range else { continue }
            let angles = Self.angularExtent(ring, centre: centreRadians, inside: nearest == 0)
            if let angles, angles.upperBound < -half || angles.lowerBound > half { continue }
            prisms.append(
                Prism(
                    building: building, ring: ring, base: building.minHeight ?? 0, top: building.height,
                    nearest: nearest, angles: angles))
        }
        prisms.sort { $0.nearest < $1.nearest }
        self.prisms = prisms
        self.eyeHeight = eyeHeight
        self.dropPerSquareMetre = (1 - refraction) / (2 * EarthRadius.mean)
    }

    /// `z(t) = h_eye + t·tan(el) − t²(1 − k)/(2R)`: the ray's height above the observer's ground at
    /// horizontal distance `t`.
    func rayHeight(at t: Double, tanElevation: Double) -> Double {
        eyeHeight + t * tanElevation - t * t * dropPerSquareMetre
    }

    /// The first prism a ray hits: walk footprints by nearest distance, enter/exit each one the
    /// ray crosses, and take the nearest whose height interval the ray passes through.
    ///
    /// - Parameters:
    ///   - relativeAzimuth: the ray's azimuth minus the wedge centre, radians.
    /// - Complexity: O(p·e) for p prisms of e edges in the worst case; stops at the first prism
    ///   farther than the best hit.
    ///   - exhaustive: test every prism (no early stop, no azimuth filter): the reference the
    ///     pruned walk must agree with.
    func firstHit(azimuth: Double, relativeAzimuth: Double, tanElevation: Double, exhaustive: Bool = false)
        -> Hit?
    {
        let d = SIMD2(sin(azimuth), cos(azimuth))
        var best: Hit?
        for (index, prism) in prisms.enumerated() {
            if !exhaustive {
                if let best, prism.nearest > best.entry { break }
                if let angles = prism.angles, !angles.contains(relativeAzimuth) { continue }
            }
            guard let (entry, exit) = Self.crossing(prism.ring, direction: d) else { continue }
            if let top = prism.top {
                let zIn = rayHeight(at: entry, tanElevation: tanElevation)
                let zOut = rayHeight(at: exit, tanElevation: tanElevation)
                guard min(zIn, zOut) <= top, max(zIn, zOut) >= prism.base else { continue }
            }
            // Ties (a shared wall) go to the smaller id, whatever order the prisms are in.
            if best == nil || entry < best!.entry
                || (entry == best!.entry
                    && prism.building.id.rawValue < prisms[best!.prism].building.id.rawValue)
            {
                best = Hit(prism: index, entry: entry)
            }
        }
        return best
    }

    /// Entry and exit distances of the ray from the origin along unit `d` through a closed ring
    /// (entry 0 when the origin is inside), or `nil` when it misses.
    static func crossing(_ ring: [SIMD2<Double>], direction d: SIMD2<Double>) -> (Double, Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        var crossings = 0
        for i in 0..<(ring.count - 1) {
            let p = ring[i]
            let e = ring[i + 1] - p
            let denominator = d.x * e.y - d.y * e.x
            guard abs(denominator) > 1e-12 else { continue }
            let s = (p.x * d.y - p.y * d.x) / denominator
            guard s >= 0, s < 1 else { continue }
            let t = (p.x * e.y - p.y * e.x) / denominator
            guard t >= 0 else { continue }
            crossings += 1
            low = min(low, t)
            high = max(high, t)
        }
        guard crossings > 0 else { return nil }
        return (crossings % 2 == 1 ? 0 : low, high)
    }

    /// Distance from the origin to the nearest point of a closed ring's area (0 inside).
    static func nearestDistance(_ ring: [SIMD2<Double>]) -> Double {
        var nearest = Double.infinity
        var inside = false
        for i in 0..<(ring.count - 1) {
            let a = ring[i]
            let b = ring[i + 1]
            let ab = b - a
            let length2 = (ab * ab).sum()
            let s = length2 > 0 ? max(0, min(1, -(a * ab).sum() / length2)) : 0
            let p = a + s * ab
            nearest = min(nearest, (p * p).sum().squareRoot())
            if (a.y > 0) != (b.y > 0), 0 < a.x + (0 - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
        }
        return inside ? 0 : nearest
    }

    /// The azimuths of a ring's vertices relative to `centre`, as one range in −π…π, or `nil`
    /// when the ring surrounds the origin or straddles the direction opposite the centre.
    static func angularExtent(_ ring: [SIMD2<Double>], centre: Double, inside: Bool) -> ClosedRange<Double>? {
        guard !inside else { return nil }
        var low = Double.infinity
        var high = -Double.infinity
        for v in ring {
            // Folded into −π…π in closed form (no loop whose length depends on `centre`).
            let a = remainder(atan2(v.x, v.y) - centre, 2 * .pi)
            low = min(low, a)
            high = max(high, a)
        }
        // A footprint seen under more than 180° is either around the observer or across the back.
        return high - low > .pi ? nil : low...high
    }
}
