import Foundation
import GeoKit

extension CameraAttitude {
    /// The back camera's attitude for a phone held in portrait whose CoreMotion attitude is
    /// `quaternion` (``AttitudeQuaternion``, `xTrueNorthZVertical`).
    ///
    /// The upright portrait image has x right and y down, and the back camera looks out of the
    /// phone's back, so in the device frame the camera's axes are right = +x, down = −y,
    /// forward = −z. Each is rotated into the reference frame and written in east-north-up.
    ///
    /// - Throws: ``IdentifyError`` when the quaternion is not a rotation.
    public init(portraitDevice quaternion: AttitudeQuaternion) throws(IdentifyError) {
        let q = try quaternion.normalized()
        func axis(_ device: SIMD3<Double>) -> SIMD3<Double> {
            let v = AttitudeQuaternion.enu(reference: q.rotate(device))
            return v / (v * v).sum().squareRoot()
        }
        try self.init(right: axis(SIMD3(1, 0, 0)), down: axis(SIMD3(0, -1, 0)), forward: axis(SIMD3(0, 0, -1)))
    }

    /// The roll about the optical axis in degrees, −180…180, as ``init(heading:pitch:roll:)``
    /// takes it: positive when the image's right edge points down. Undefined (0) when the camera
    /// looks straight up or down.
    public var roll: Double {
        let h = heading * Angle.radiansPerDegree
        let p = pitch * Angle.radiansPerDegree
        let levelRight = SIMD3(cos(h), -sin(h), 0.0)
        let levelUp = SIMD3(-sin(h) * sin(p), -cos(h) * sin(p), cos(p))
        guard abs(forward.z) < 1 - 1e-12 else { return 0 }
        return atan2(-(right * levelUp).sum(), (right * levelRight).sum()) / Angle.radiansPerDegree
    }
}
