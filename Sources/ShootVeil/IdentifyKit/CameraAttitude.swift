import Foundation
import GeoKit

/// Where a camera points: its three axes expressed in local east-north-up.
///
/// The camera frame is x right, y down, z forward (the optical axis), as in ``CameraIntrinsics``.
/// Build it from compass heading, pitch and roll, or from a full rotation matrix (for example
/// CoreMotion's attitude in its `xTrueNorthZVertical` frame, whose X is north, Y west and Z up,
/// composed with the device-to-camera rotation by the app).
public struct CameraAttitude: Sendable, Hashable {
    /// The camera's x axis (image right) in ENU, unit length.
    public var right: SIMD3<Double>
    /// The camera's y axis (image down) in ENU, unit length.
    public var down: SIMD3<Double>
    /// The camera's z axis (optical axis, forward) in ENU, unit length.
    public var forward: SIMD3<Double>

    /// An attitude from the optical axis's compass heading and pitch and the roll about it, in degrees.
    ///
    /// `heading` is clockwise from true north; `pitch` is the optical axis's angle above the
    /// horizon (positive up); `roll` turns the camera clockwise about the optical axis as seen from
    /// behind it (positive roll makes the image's right edge point down).
    ///
    /// - Throws: ``IdentifyError`` for non-finite angles or |pitch| > 90°.
    public init(heading: Double, pitch: Double = 0, roll: Double = 0) throws(IdentifyError) {
        guard heading.isFinite else { throw .invalid("heading", "\(heading) is not finite") }
        guard pitch.isFinite, abs(pitch) <= 90 else {
            throw .invalid("pitch", "\(pitch)° is not within ±90°")
        }
        guard roll.isFinite else { throw .invalid("roll", "\(roll) is not finite") }
        let h = heading * Angle.radiansPerDegree
        let p = pitch * Angle.radiansPerDegree
        let r = roll * Angle.radiansPerDegree
        let forward = SIMD3(sin(h) * cos(p), cos(h) * cos(p), sin(p))
        let levelRight = SIMD3(cos(h), -sin(h), 0.0)
        let levelUp = SIMD3(-sin(h) * sin(p), -cos(h) * sin(p), cos(p))
        let right = cos(r) * levelRight - sin(r) * levelUp
        let up = sin(r) * levelRight + cos(r) * levelUp
        self.right = right
        self.down = -up
        self.forward = forward
    }

    /// An attitude from a camera-to-ENU rotation matrix given as its three columns (the camera's
    /// right, down and forward axes in ENU).
    ///
    /// - Throws: ``IdentifyError`` unless the columns are orthonormal and right-handed within 1e-6.
    public init(right: SIMD3<Double>, down: SIMD3<Double>, forward: SIMD3<Double>) throws(IdentifyError) {
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        let cross = SIMD3(
            right.y * down.z - right.z * down.y, right.z * down.x - right.x * down.z,
            right.x * down.y - right.y * down.x)
        let checks = [
            dot(right, right) - 1, dot(down, down) - 1, dot(forward, forward) - 1, dot(right, down),
            dot(right, forward), dot(down, forward),
        ]
        guard checks.allSatisfy({ $0.isFinite && abs($0) < 1e-6 }),
            ((cross - forward) * (cross - forward)).sum() < 1e-12
        else { throw .invalid("attitude", "the rotation is not orthonormal and right-handed") }
        self.right = right
        self.down = down
        self.forward = forward
    }

    /// A camera-frame vector (x right, y down, z forward) in ENU.
    public func enu(camera v: SIMD3<Double>) -> SIMD3<Double> { v.x * right + v.y * down + v.z * forward }

    /// An ENU vector in the camera frame.
    public func camera(enu v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((v * right).sum(), (v * down).sum(), (v * forward).sum())
    }

    /// The optical axis's compass heading in degrees, 0..<360.
    public var heading: Double {
        Angle.normalizeBearing(atan2(forward.x, forward.y) / Angle.radiansPerDegree)
    }

    /// The optical axis's elevation above the horizon in degrees.
    public var pitch: Double { asin(max(-1, min(1, forward.z))) / Angle.radiansPerDegree }
}
