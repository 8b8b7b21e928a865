import Foundation

/// Angle helpers shared by the geodesy code. Degrees unless a name says radians.
public enum Angle {
    /// π / 180.
    public static let radiansPerDegree = Double.pi / 180

    /// Wraps any finite angle in degrees into −180…180 (180 maps to 180, −180 to −180).
    @inlinable
    public static func wrapDegrees(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees <= 180 { return degrees }
        var wrapped = degrees.truncatingRemainder(dividingBy: 360)
        if wrapped > 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
        return wrapped
    }

    /// Normalises a bearing in degrees into 0..<360.
    @inlinable
    public static func normalizeBearing(_ degrees: Double) -> Double {
        var wrapped = degrees.truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        return wrapped == 360 ? 0 : wrapped
    }
}
