import Foundation

extension BoundingBox {
    /// The smallest radius of curvature of WGS84, the meridional radius at the equator,
    /// a(1 − e²) ≈ 6 335 439 m. Turning metres into angle with it over-estimates every angle.
    static let conservativeRadius: Double = {
        let e = Ellipsoid.wgs84
        return e.equatorialRadius * (1 - e.eccentricitySquared)
    }()

    /// A box that contains every point within `radius` metres of `center`, whether distance is
    /// measured by haversine on the mean sphere or along the WGS84 geodesic.
    ///
    /// The latitude extent is exact for a sphere whose radius is the ellipsoid's smallest radius
    /// of curvature, so it is slightly generous (≤ 0.6 %) for both metrics. The longitude extent
    /// uses the tangent-point bound of a spherical cap (Chamberlain & Duquette 2007). When the
    /// circle reaches a pole, the box spans every longitude; when it crosses the antimeridian,
    /// the box does too (`west > east`).
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` for a negative or non-finite radius.
    /// - Complexity: O(1).
    public static func around(_ center: Coordinate, radius: Double) throws(BoundingBoxError) -> BoundingBox {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
        let angular = radius / conservativeRadius
        guard angular < .pi else { return .world }
        let angularDegrees = angular / Angle.radiansPerDegree
        let south = center.latitude - angularDegrees
        let north = center.latitude + angularDegrees
        if south <= -90 || north >= 90 {
            return BoundingBox(uncheckedSouth: max(-90, south), west: -180, north: min(90, north), east: 180)
        }
        let phi = center.latitude * Angle.radiansPerDegree
        let ratio = sin(angular) / cos(phi)
        guard ratio < 1 else {
            return BoundingBox(uncheckedSouth: south, west: -180, north: north, east: 180)
        }
        let deltaLon = asin(ratio) / Angle.radiansPerDegree
        var west = center.longitude - deltaLon
        var east = center.longitude + deltaLon
        if deltaLon >= 180 { return BoundingBox(uncheckedSouth: south, west: -180, north: north, east: 180) }
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return BoundingBox(uncheckedSouth: south, west: west, north: north, east: east)
    }
}
