import Foundation
import GeoKit

/// The camera's active capture format and zoom: what fixes the field of view of the frames the
/// preview shows (`AVCaptureDevice.activeFormat` and `videoZoomFactor`).
///
/// Sizes are the sensor's frames as delivered, landscape (``longSide`` ≥ ``shortSide``);
/// ``fieldOfView`` is `activeFormat.videoFieldOfView`, the angle across the long side at zoom 1.
public struct CameraFormat: Sendable, Hashable, Codable {
    /// Pixels along the frame's long side.
    public var longSide: Int
    /// Pixels along the frame's short side.
    public var shortSide: Int
    /// Degrees across the long side at zoom 1.
    public var fieldOfView: Double
    /// The zoom factor (1: no zoom; the frame is the central 1/zoom of the sensor, scaled up).
    public var zoom: Double

    /// A format from its parts.
    ///
    /// - Throws: ``IdentifyError`` for a non-positive size, a field of view outside (0°, 180°)
    ///   or a zoom below 1.
    public init(longSide: Int, shortSide: Int, fieldOfView: Double, zoom: Double = 1) throws(IdentifyError) {
        guard longSide > 0, shortSide > 0, longSide >= shortSide else {
            throw .invalid("camera format", "\(longSide)×\(shortSide) is not a landscape frame size")
        }
        guard fieldOfView.isFinite, fieldOfView > 0, fieldOfView < 180 else {
            throw .invalid("field of view", "\(fieldOfView)° is not between 0 and 180")
        }
        guard zoom.isFinite, zoom >= 1 else { throw .invalid("zoom", "\(zoom) is below 1") }
        self.longSide = longSide
        self.shortSide = shortSide
        self.fieldOfView = fieldOfView
        self.zoom = zoom
    }

    /// The field of view across the long side at `zoom`, degrees: zooming crops the central
    /// 1/zoom of the frame, so `tan(fov_z/2) = tan(fov_1/2) / zoom` (not `fov_1 / zoom`).
    public static func fieldOfView(_ fieldOfView: Double, zoom: Double) -> Double {
        2 * atan(tan(fieldOfView / 2 * Angle.radiansPerDegree) / zoom) / Angle.radiansPerDegree
    }

    /// The field of view across the long side at this format's zoom, degrees.
    public var zoomedFieldOfView: Double { Self.fieldOfView(fieldOfView, zoom: zoom) }

    /// Pinhole intrinsics of the upright portrait image (``shortSide`` wide, ``longSide`` high):
    /// square pixels, centred, with the zoomed field of view across its height.
    ///
    /// - Throws: ``IdentifyError`` only if the format's checked values were changed to invalid ones.
    public func portraitIntrinsics() throws(IdentifyError) -> CameraIntrinsics {
        let f = Double(longSide) / 2 / tan(zoomedFieldOfView / 2 * Angle.radiansPerDegree)
        return try CameraIntrinsics(
            fx: f, fy: f, cx: Double(shortSide) / 2, cy: Double(longSide) / 2, width: shortSide, height: longSide)
    }
}
