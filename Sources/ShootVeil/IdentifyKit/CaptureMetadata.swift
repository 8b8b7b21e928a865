import Foundation
import GeoKit

/// Everything the engine needs to know about one photo: when and where it was taken, where the
/// camera pointed and how sure the phone was, and the camera's intrinsics.
public struct CaptureMetadata: Sendable, Hashable {
    /// When the photo was taken (aircraft positions are extrapolated to this instant), if known.
    public var time: Date?
    /// The camera's position; `height` is above the WGS84 ellipsoid (the phone's `ellipsoidalAltitude`).
    public var position: GeodeticPosition
    /// Altitude above mean sea level in metres, when that is what the source reported (EXIF GPSAltitude).
    public var altitudeMSL: Double?
    /// Whether ``position``'s height is ellipsoidal (`false`: it was copied from ``altitudeMSL``, so
    /// it is off by the geoid undulation, up to ±100 m).
    public var hasEllipsoidalHeight: Bool
    /// The camera's height above the ground in metres (buildings stand on the ground; 1.6 m held by hand).
    public var eyeHeightAboveGround: Double
    /// Where the camera pointed.
    public var attitude: CameraAttitude
    /// One-sigma heading accuracy in degrees as the compass reported it.
    public var headingAccuracy: Double
    /// One-sigma pitch accuracy in degrees (accelerometer tilt is good to about 1°).
    public var pitchAccuracy: Double
    /// The camera.
    public var intrinsics: CameraIntrinsics

    /// Metadata from its parts.
    ///
    /// - Throws: ``IdentifyError`` for a non-finite height or a negative or non-finite accuracy.
    public init(
        time: Date?, coordinate: Coordinate, ellipsoidalHeight: Double?, altitudeMSL: Double? = nil,
        eyeHeightAboveGround: Double = 1.6, attitude: CameraAttitude, headingAccuracy: Double,
        pitchAccuracy: Double = 1, intrinsics: CameraIntrinsics
    ) throws(IdentifyError) {
        if let ellipsoidalHeight, !ellipsoidalHeight.isFinite {
            throw .invalid("ellipsoidal height", "not finite")
        }
        if let altitudeMSL, !altitudeMSL.isFinite { throw .invalid("altitude", "not finite") }
        guard headingAccuracy.isFinite, headingAccuracy >= 0 else {
            throw .invalid("heading accuracy", "\(headingAccuracy)° is not a non-negative number")
        }
        guard pitchAccuracy.isFinite, pitchAccuracy >= 0 else {
            throw .invalid("pitch accuracy", "\(pitchAccuracy)° is not a non-negative number")
        }
        guard eyeHeightAboveGround.isFinite, eyeHeightAboveGround >= 0 else {
            throw .invalid("eye height", "\(eyeHeightAboveGround) m is not a non-negative number")
        }
        self.time = time
        self.position = GeodeticPosition(coordinate, height: ellipsoidalHeight ?? altitudeMSL ?? 0)
        self.altitudeMSL = altitudeMSL
        self.hasEllipsoidalHeight = ellipsoidalHeight != nil
        self.eyeHeightAboveGround = eyeHeightAboveGround
        self.attitude = attitude
        self.headingAccuracy = headingAccuracy
        self.pitchAccuracy = pitchAccuracy
        self.intrinsics = intrinsics
    }

    /// The viewing direction through pixel (u, v): pinhole ray, rotated by the full attitude into ENU.
    ///
    /// - Throws: ``IdentifyError/Kind/tapOutsideImage(x:y:width:height:)`` for a pixel outside the image.
    public func direction(tapX u: Double, y v: Double) throws(IdentifyError) -> ViewingDirection {
        guard u.isFinite, v.isFinite, u >= 0, v >= 0, u <= Double(intrinsics.width),
            v <= Double(intrinsics.height)
        else {
            throw IdentifyError(
                .tapOutsideImage(x: u, y: v, width: intrinsics.width, height: intrinsics.height))
        }
        return ViewingDirection(enu: attitude.enu(camera: intrinsics.cameraRay(u: u, v: v)))
    }

    /// Where a viewing direction appears in the image (for drawing a label), or `nil` when it is
    /// behind the camera. The pixel may fall outside the image.
    public func pixel(for direction: ViewingDirection) -> (x: Double, y: Double)? {
        intrinsics.pixel(camera: attitude.camera(enu: direction.unitVector)).map { ($0.u, $0.v) }
    }

    /// Where a world position appears in the image, or `nil` when it is behind the camera.
    public func pixel(for target: GeodeticPosition) -> (x: Double, y: Double)? {
        let enu = LocalTangentPlane(origin: position).enu(from: target)
        return intrinsics.pixel(camera: attitude.camera(enu: SIMD3(enu.east, enu.north, enu.up))).map {
            ($0.u, $0.v)
        }
    }
}
