import Foundation
import IdentifyKit

/// How the viewfinder's latest readings become the engine's ``IdentifyKit/CaptureMetadata``.
public enum CaptureAssembly {
    /// The capture at `time` from a location, a compass reading, an attitude and the camera's
    /// format: the position with its ellipsoidal height (when the vertical accuracy is valid; the
    /// MSL altitude is kept beside it), the back camera's attitude in portrait, the compass
    /// accuracy as the heading sigma, and the portrait image's intrinsics at the current zoom.
    ///
    /// - Throws: ``IdentifyError`` for a quaternion that is not a rotation or an invalid value.
    public static func capture(
        location: LocationSample, heading: HeadingSample, attitude: AttitudeSample, format: CameraFormat, time: Date
    ) throws(IdentifyError) -> CaptureMetadata {
        let hasAltitude = location.verticalAccuracy >= 0
        return try CaptureMetadata(
            time: time, coordinate: location.coordinate,
            ellipsoidalHeight: hasAltitude ? location.ellipsoidalAltitude : nil,
            altitudeMSL: hasAltitude ? location.altitude : nil,
            attitude: CameraAttitude(portraitDevice: attitude.quaternion),
            headingAccuracy: max(0, heading.accuracy), intrinsics: format.portraitIntrinsics())
    }
}
