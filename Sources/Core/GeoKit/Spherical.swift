import Foundation

/// Bearings, destinations and along/cross-track distances on a sphere.
///
/// Formulas from Ed Williams' Aviation Formulary and Veness, "Calculate distance, bearing and
/// more between latitude/longitude points". Distances are metres on a sphere of radius
/// ``EarthRadius/mean`` unless a `radius` is given; angles are degrees. For ellipsoidal answers
/// use ``Geodesic``.
public enum Spherical {
    /// Initial great-circle bearing from `from` towards `to`, degrees clockwise from north, 0..<360.
    ///
    /// Coincident points give 0. From a pole, the bearing follows the convention that the
    /// longitude of `from` names the meridian you leave along.
    public static func initialBearing(from: Coordinate, to: Coordinate) -> Double {
        let phi1 = from.latitude * Angle.radiansPerDegree
        let phi2 = to.latitude * Angle.radiansPerDegree
        let deltaLambda = (to.longitude - from.longitude) * Angle.radiansPerDegree
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        if abs(x) < 1e-15 && abs(y) < 1e-15 { return 0 }
        return Angle.normalizeBearing(atan2(y, x) / Angle.radiansPerDegree)
    }

    /// Final bearing on arrival at `to` after following the great circle from `from`, 0..<360.
    public static func finalBearing(from: Coordinate, to: Coordinate) -> Double {
        Angle.normalizeBearing(initialBearing(from: to, to: from) + 180)
    }

    /// The point reached from `start` after `distance` metres along the great circle that leaves
    /// on `bearing` degrees. Negative distances go backwards.
    ///
    /// - Throws: ``GeometryError/notFinite(_:)`` when bearing or distance is NaN or infinite.
    public static func destination(
        from start: Coordinate, bearing: Double, distance: Double, radius: Double = EarthRadius.mean
    ) throws(GeometryError) -> Coordinate {
        guard bearing.isFinite else { throw .notFinite("bearing") }
        guard distance.isFinite else { throw .notFinite("distance") }
        let delta = distance / radius
        let theta = bearing * Angle.radiansPerDegree
        let phi1 = start.latitude * Angle.radiansPerDegree
        let lambda1 = start.longitude * Angle.radiansPerDegree
        let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
        let phi2 = asin(max(-1, min(1, sinPhi2)))
        let y = sin(theta) * sin(delta) * cos(phi1)
        let x = cos(delta) - sin(phi1) * sinPhi2
        let lambda2 = lambda1 + atan2(y, x)
        return Coordinate(
            uncheckedLatitude: max(-90, min(90, phi2 / Angle.radiansPerDegree)),
            longitude: Angle.wrapDegrees(lambda2 / Angle.radiansPerDegree))
    }

    /// Signed distance in metres from `point` to the great circle through `start` and `end`:
    /// positive when `point` lies to the right of the path, negative to the left.
    ///
    /// When `start == end` the path has no direction and the result is the distance to `start`.
    public static func crossTrackDistance(
        of point: Coordinate, pathStart start: Coordinate, pathEnd end: Coordinate,
        radius: Double = EarthRadius.mean
    ) -> Double {
        let delta13 = Haversine.distance(start, point, radius: 1)
        if start == end { return delta13 * radius }
        let theta13 = initialBearing(from: start, to: point) * Angle.radiansPerDegree
        let theta12 = initialBearing(from: start, to: end) * Angle.radiansPerDegree
        let deltaXT = asin(max(-1, min(1, sin(delta13) * sin(theta13 - theta12))))
        return deltaXT * radius
    }

    /// Signed distance in metres from `start`, along the great circle towards `end`, to the
    /// foot of the perpendicular from `point` (negative when the foot lies behind `start`).
    public static func alongTrackDistance(
        of point: Coordinate, pathStart start: Coordinate, pathEnd end: Coordinate,
        radius: Double = EarthRadius.mean
    ) -> Double {
        let delta13 = Haversine.distance(start, point, radius: 1)
        if start == end { return 0 }
        let theta13 = initialBearing(from: start, to: point) * Angle.radiansPerDegree
        let theta12 = initialBearing(from: start, to: end) * Angle.radiansPerDegree
        let deltaXT = asin(max(-1, min(1, sin(delta13) * sin(theta13 - theta12))))
        let cosXT = cos(deltaXT)
        guard cosXT > 1e-15 else { return 0 }
        let deltaAT = acos(max(-1, min(1, cos(delta13) / cosXT)))
        return (cos(theta12 - theta13) >= 0 ? deltaAT : -deltaAT) * radius
    }

    /// Shortest distance in metres from `point` to the great-circle segment `start`–`end`
    /// (the minor arc): the cross-track distance when the perpendicular foot lies on the
    /// segment, otherwise the distance to the nearer endpoint.
    public static func distance(
        from point: Coordinate, toSegment start: Coordinate, _ end: Coordinate,
        radius: Double = EarthRadius.mean
    ) -> Double {
        let toStart = Haversine.distance(point, start, radius: radius)
        let toEnd = Haversine.distance(point, end, radius: radius)
        if start == end { return toStart }
        let length = Haversine.distance(start, end, radius: radius)
        let along = alongTrackDistance(of: point, pathStart: start, pathEnd: end, radius: radius)
        if along > 0 && along < length {
            // The foot is on the segment, but only if the point is within a quarter circle of
            // it; otherwise the antipodal foot is the perpendicular and an endpoint is nearer.
            let cross = abs(crossTrackDistance(of: point, pathStart: start, pathEnd: end, radius: radius))
            return min(cross, toStart, toEnd)
        }
        return min(toStart, toEnd)
    }
}

/// Why a geometric computation refused its input.
public enum GeometryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named parameter was NaN or infinite.
    case notFinite(String)
    /// The named parameter was outside its allowed range.
    case outOfRange(String, Double)

    public var description: String {
        switch self {
        case .notFinite(let name): "\(name) must be a finite number"
        case .outOfRange(let name, let value): "\(name) \(value) is out of range"
        }
    }
}
