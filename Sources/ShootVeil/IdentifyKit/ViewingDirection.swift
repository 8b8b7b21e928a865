import Foundation
import GeoKit

/// A direction from the observer: azimuth clockwise from true north and elevation above the
/// local horizontal, both in degrees.
public struct ViewingDirection: Sendable, Hashable, Codable {
    /// Degrees clockwise from true north, 0..<360.
    public var azimuth: Double
    /// Degrees above the local horizontal plane, −90…90.
    public var elevation: Double

    /// A direction from its angles (the azimuth is normalised to 0..<360).
    public init(azimuth: Double, elevation: Double) {
        self.azimuth = Angle.normalizeBearing(azimuth)
        self.elevation = elevation
    }

    /// The direction of an ENU vector (`azimuth = atan2(E, N)`, `elevation = atan2(U, hypot(E, N))`).
    public init(enu v: SIMD3<Double>) {
        self.init(
            azimuth: atan2(v.x, v.y) / Angle.radiansPerDegree,
            elevation: atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()) / Angle.radiansPerDegree)
    }

    /// The unit ENU vector.
    public var unitVector: SIMD3<Double> {
        let d = ENU.direction(azimuth: azimuth, elevation: elevation)
        return SIMD3(d.east, d.north, d.up)
    }

    /// The signed azimuth difference `to − from`, in −180…180 degrees.
    public static func azimuthDifference(from: Double, to: Double) -> Double {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }
}
