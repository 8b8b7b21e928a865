import Foundation

/// Great-circle distance on a sphere by the haversine formula (Sinnott 1984).
///
/// Accurate to floating-point rounding for all separations, including antipodal points,
/// because the argument of `asin` is clamped to 0…1. On the WGS84 ellipsoid the spherical
/// distance differs from the geodesic one by at most about 0.5 %; use ``Geodesic`` when that
/// matters.
public enum Haversine {
    /// Distance in metres between two coordinates on a sphere of the given radius.
    ///
    /// - Parameter radius: sphere radius in metres; defaults to ``EarthRadius/mean``.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public static func distance(
        _ a: Coordinate, _ b: Coordinate, radius: Double = EarthRadius.mean
    ) -> Double {
        centralAngle(
            latitude1: a.latitude * Angle.radiansPerDegree,
            longitude1: a.longitude * Angle.radiansPerDegree,
            latitude2: b.latitude * Angle.radiansPerDegree,
            longitude2: b.longitude * Angle.radiansPerDegree
        ) * radius
    }

    /// Central angle in radians between two points given in radians.
    @inlinable
    public static func centralAngle(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        let sinHalfDLat = sin((latitude2 - latitude1) / 2)
        let sinHalfDLon = sin((longitude2 - longitude1) / 2)
        let h = sinHalfDLat * sinHalfDLat + cos(latitude1) * cos(latitude2) * sinHalfDLon * sinHalfDLon
        return 2 * asin(min(1, h.squareRoot()))
    }
}
