import Foundation

/// Earth-centred, earth-fixed Cartesian coordinates in metres (WGS84 axes: x through the
/// equator at the prime meridian, z through the north pole).
public struct ECEF: Sendable, Hashable, Codable {
    /// Metres.
    public var x: Double
    /// Metres.
    public var y: Double
    /// Metres.
    public var z: Double

    /// Creates a position from its three components in metres.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// A coordinate with an ellipsoidal height (metres above the WGS84 ellipsoid).
public struct GeodeticPosition: Sendable, Hashable, Codable {
    /// Latitude and longitude.
    public var coordinate: Coordinate
    /// Height above the ellipsoid in metres (not above sea level: the geoid differs by up to ±100 m).
    public var height: Double

    /// Creates a position from a coordinate and an ellipsoidal height in metres.
    public init(_ coordinate: Coordinate, height: Double = 0) {
        self.coordinate = coordinate
        self.height = height
    }
}

extension Ellipsoid {
    /// Geodetic → ECEF (closed form).
    public func ecef(from position: GeodeticPosition) -> ECEF {
        let phi = position.coordinate.latitude * Angle.radiansPerDegree
        let lambda = position.coordinate.longitude * Angle.radiansPerDegree
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let e2 = eccentricitySquared
        let n = equatorialRadius / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let h = position.height
        return ECEF(
            x: (n + h) * cosPhi * cos(lambda),
            y: (n + h) * cosPhi * sin(lambda),
            z: (n * (1 - e2) + h) * sinPhi)
    }

    /// ECEF → geodetic, accurate to well under a millimetre for any point farther than
    /// 50 km from the earth's centre.
    ///
    /// Starts from Bowring's (1976) parametric-latitude estimate and refines with Newton-free
    /// fixed-point iteration on the latitude (at most 8 rounds; two suffice near the surface).
    /// At the poles (x = y = 0) the longitude is reported as 0.
    ///
    /// - Throws: ``GeometryError/notFinite(_:)`` for a non-finite component, and
    ///   ``GeometryError/outOfRange(_:_:)`` within 50 km of the centre, where latitude is ill-defined.
    public func geodetic(from p: ECEF) throws(GeometryError) -> GeodeticPosition {
        guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { throw .notFinite("ECEF component") }
        let a = equatorialRadius
        let b = polarRadius
        let e2 = eccentricitySquared
        let ep2 = (a * a - b * b) / (b * b)
        let rho = (p.x * p.x + p.y * p.y).squareRoot()
        let distance = (rho * rho + p.z * p.z).squareRoot()
        guard distance > 50_000 else { throw .outOfRange("distance from the earth's centre", distance) }
        let lambda = rho == 0 ? 0 : atan2(p.y, p.x)
        // Bowring's initial estimate through the parametric latitude.
        let beta = atan2(a * p.z, b * rho)
        var phi = atan2(p.z + ep2 * b * pow(sin(beta), 3), rho - e2 * a * pow(cos(beta), 3))
        var height = 0.0
        for _ in 0..<8 {
            let sinPhi = sin(phi)
            let cosPhi = cos(phi)
            let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
            // Use whichever of the two height formulas is well-conditioned at this latitude.
            height = abs(cosPhi) > 0.5 ? rho / cosPhi - n : p.z / sinPhi - n * (1 - e2)
            let next = atan2(p.z, rho * (1 - e2 * n / (n + height)))
            if abs(next - phi) < 1e-15 {
                phi = next
                break
            }
            phi = next
        }
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        height = abs(cosPhi) > 0.5 ? rho / cosPhi - n : p.z / sinPhi - n * (1 - e2)
        let coordinate = Coordinate(
            uncheckedLatitude: max(-90, min(90, phi / Angle.radiansPerDegree)),
            longitude: Angle.wrapDegrees(lambda / Angle.radiansPerDegree))
        return GeodeticPosition(coordinate, height: height)
    }
}
