import Foundation

/// A device attitude as a unit quaternion in CoreMotion's `xTrueNorthZVertical` reference frame
/// (X true north, Y west, Z up): the rotation that carries a vector written in the device's
/// frame into that reference frame, `v_ref = q · v_device · q⁻¹` (`CMAttitude.quaternion`).
///
/// The device frame is CoreMotion's: x to the right of the screen held in portrait, y towards
/// the top of the screen, z out of the screen towards the user; the back camera looks along −z.
public struct AttitudeQuaternion: Sendable, Hashable, Codable {
    /// The scalar part.
    public var w: Double
    /// The x part of the vector.
    public var x: Double
    /// The y part of the vector.
    public var y: Double
    /// The z part of the vector.
    public var z: Double

    /// A quaternion from its parts, as CoreMotion gives them (not necessarily exactly unit length).
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The identity: the phone flat, screen up, its top towards true north.
    public static let identity = AttitudeQuaternion(w: 1, x: 0, y: 0, z: 0)

    /// Its length (1 for a rotation).
    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The same rotation scaled to unit length.
    ///
    /// - Throws: ``IdentifyError`` when a part is not finite or the length is (near) zero, so no
    ///   rotation is defined.
    public func normalized() throws(IdentifyError) -> AttitudeQuaternion {
        let n = norm
        guard n.isFinite, n > 1e-9 else {
            throw .invalid("attitude quaternion", "(\(w), \(x), \(y), \(z)) is not a rotation")
        }
        return AttitudeQuaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// `v` rotated by this quaternion (assumed unit length): `q · v · q⁻¹`, written out as the
    /// rotation matrix of a unit quaternion.
    public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let (w, x, y, z) = (self.w, self.x, self.y, self.z)
        let row0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y))
        let row1 = SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
        let row2 = SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
        return SIMD3((row0 * v).sum(), (row1 * v).sum(), (row2 * v).sum())
    }

    /// A vector of the `xTrueNorthZVertical` frame (X north, Y west, Z up) in east-north-up.
    public static func enu(reference v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(-v.y, v.x, v.z) }
}
