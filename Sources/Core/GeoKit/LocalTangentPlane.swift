import Foundation

/// East-north-up offsets in metres from a local origin.
public struct ENU: Sendable, Hashable, Codable {
    /// Metres towards east.
    public var east: Double
    /// Metres towards north.
    public var north: Double
    /// Metres up, along the ellipsoid normal at the origin.
    public var up: Double

    /// Creates an offset from its components in metres.
    public init(east: Double, north: Double, up: Double) {
        self.east = east
        self.north = north
        self.up = up
    }

    /// Horizontal distance in metres, √(e² + n²).
    public var horizontalDistance: Double { (east * east + north * north).squareRoot() }

    /// Azimuth in degrees clockwise from north, 0..<360 (0 for a point straight above).
    public var azimuth: Double { Angle.normalizeBearing(atan2(east, north) / Angle.radiansPerDegree) }

    /// Elevation angle above the local horizontal plane, degrees −90…90.
    public var elevation: Double { atan2(up, horizontalDistance) / Angle.radiansPerDegree }

    /// The unit vector for an azimuth and elevation in degrees (a viewing direction).
    public static func direction(azimuth: Double, elevation: Double) -> ENU {
        let az = azimuth * Angle.radiansPerDegree
        let el = elevation * Angle.radiansPerDegree
        return ENU(east: cos(el) * sin(az), north: cos(el) * cos(az), up: sin(el))
    }
}

/// A local east-north-up frame tangent to the WGS84 ellipsoid at an origin, for turning
/// positions into metres around an observer and back (ShootVeil's camera rays).
///
/// The rotation is the standard ECEF→ENU matrix (e.g. Hofmann-Wellenhof et al., *GNSS*, §10.2.2).
public struct LocalTangentPlane: Sendable, Hashable {
    /// The frame's origin.
    public let origin: GeodeticPosition
    /// The ellipsoid the frame is tangent to.
    public let ellipsoid: Ellipsoid
    private let originECEF: ECEF
    private let sinLat: Double
    private let cosLat: Double
    private let sinLon: Double
    private let cosLon: Double

    /// Creates a frame at `origin`.
    public init(origin: GeodeticPosition, ellipsoid: Ellipsoid = .wgs84) {
        self.origin = origin
        self.ellipsoid = ellipsoid
        self.originECEF = ellipsoid.ecef(from: origin)
        let phi = origin.coordinate.latitude * Angle.radiansPerDegree
        let lambda = origin.coordinate.longitude * Angle.radiansPerDegree
        sinLat = sin(phi)
        cosLat = cos(phi)
        sinLon = sin(lambda)
        cosLon = cos(lambda)
    }

    /// ECEF → ENU offset from the origin.
    public func enu(from p: ECEF) -> ENU {
        let dx = p.x - originECEF.x
        let dy = p.y - originECEF.y
        let dz = p.z - originECEF.z
        return ENU(
            east: -sinLon * dx + cosLon * dy,
            north: -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz,
            up: cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz)
    }

    /// ENU offset → ECEF (the transpose rotation).
    public func ecef(from v: ENU) -> ECEF {
        ECEF(
            x: originECEF.x - sinLon * v.east - sinLat * cosLon * v.north + cosLat * cosLon * v.up,
            y: originECEF.y + cosLon * v.east - sinLat * sinLon * v.north + cosLat * sinLon * v.up,
            z: originECEF.z + cosLat * v.north + sinLat * v.up)
    }

    /// Geodetic position → ENU offset from the origin.
    public func enu(from position: GeodeticPosition) -> ENU {
        enu(from: ellipsoid.ecef(from: position))
    }

    /// ENU offset → geodetic position.
    ///
    /// - Throws: ``GeometryError`` for non-finite offsets or points near the earth's centre.
    public func geodetic(from v: ENU) throws(GeometryError) -> GeodeticPosition {
        try ellipsoid.geodetic(from: ecef(from: v))
    }
}
