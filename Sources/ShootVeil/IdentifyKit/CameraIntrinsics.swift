import Foundation
import GeoKit

/// A pinhole camera: focal lengths and principal point in pixels for an image of known size.
///
/// Pixel coordinates have x to the right and y down from the top-left corner; a pixel (u, v)
/// looks along the camera-frame ray `((u − cx)/fx, (v − cy)/fy, 1)` (x right, y down, z forward).
public struct CameraIntrinsics: Sendable, Hashable, Codable {
    /// Horizontal focal length in pixels.
    public var fx: Double
    /// Vertical focal length in pixels.
    public var fy: Double
    /// Principal point, x in pixels.
    public var cx: Double
    /// Principal point, y in pixels.
    public var cy: Double
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int

    /// Half the diagonal of the 36 × 24 mm frame that "35 mm equivalent" focal lengths refer to:
    /// √(36² + 24²) / 2 = 21.633 mm.
    public static let halfDiagonal35mm = (36.0 * 36.0 + 24.0 * 24.0).squareRoot() / 2

    /// Intrinsics from their parts.
    ///
    /// - Throws: ``IdentifyError`` for a non-positive size or focal length or a non-finite value.
    public init(fx: Double, fy: Double, cx: Double, cy: Double, width: Int, height: Int) throws(IdentifyError)
    {
        guard width > 0, height > 0 else {
            throw .invalid("image size", "\(width)×\(height) is not positive")
        }
        guard fx.isFinite, fy.isFinite, fx > 0, fy > 0 else {
            throw .invalid("focal length", "fx \(fx), fy \(fy) must be finite and positive")
        }
        guard cx.isFinite, cy.isFinite else {
            throw .invalid("principal point", "(\(cx), \(cy)) is not finite")
        }
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
        self.width = width
        self.height = height
    }

    /// Square-pixel intrinsics centred on the image for a horizontal field of view in degrees.
    ///
    /// - Throws: ``IdentifyError`` unless 0 < `horizontalFieldOfView` < 180 and the size is positive.
    public init(horizontalFieldOfView: Double, width: Int, height: Int) throws(IdentifyError) {
        guard horizontalFieldOfView.isFinite, horizontalFieldOfView > 0, horizontalFieldOfView < 180 else {
            throw .invalid("field of view", "\(horizontalFieldOfView)° is not between 0 and 180")
        }
        let f = Double(width) / 2 / tan(horizontalFieldOfView / 2 * Angle.radiansPerDegree)
        try self.init(
            fx: f, fy: f, cx: Double(width) / 2, cy: Double(height) / 2, width: width, height: height)
    }

    /// Intrinsics from a 35 mm equivalent focal length (EXIF `FocalLengthIn35mmFilm`, 0xA405).
    ///
    /// The equivalent is defined on the diagonal, so the image diagonal maps to 43.27 mm and
    /// `HFOV = 2·atan(21.633 mm · w/√(w² + h²) / f₃₅)`: for a 4:3 frame 2·atan(17.31 mm / f₃₅),
    /// 26 mm → 67.3°.
    public init(focalLength35mm: Double, width: Int, height: Int) throws(IdentifyError) {
        guard focalLength35mm.isFinite, focalLength35mm > 0 else {
            throw .invalid("35 mm focal length", "\(focalLength35mm) mm is not positive")
        }
        guard width > 0, height > 0 else {
            throw .invalid("image size", "\(width)×\(height) is not positive")
        }
        try self.init(
            horizontalFieldOfView: Self.horizontalFieldOfView(
                focalLength35mm: focalLength35mm, width: width, height: height),
            width: width, height: height)
    }

    /// The horizontal field of view in degrees for a 35 mm equivalent focal length and an image shape.
    public static func horizontalFieldOfView(focalLength35mm: Double, width: Int, height: Int) -> Double {
        let w = Double(width)
        let h = Double(height)
        let halfWidth = halfDiagonal35mm * w / (w * w + h * h).squareRoot()
        return 2 * atan(halfWidth / focalLength35mm) / Angle.radiansPerDegree
    }

    /// The horizontal field of view in degrees.
    public var horizontalFieldOfView: Double { 2 * atan(Double(width) / 2 / fx) / Angle.radiansPerDegree }

    /// The camera-frame ray through pixel (u, v): x right, y down, z forward (not normalised).
    public func cameraRay(u: Double, v: Double) -> SIMD3<Double> {
        SIMD3((u - cx) / fx, (v - cy) / fy, 1)
    }

    /// The pixel a camera-frame direction projects to, or `nil` when it points behind the camera.
    public func pixel(camera direction: SIMD3<Double>) -> (u: Double, v: Double)? {
        guard direction.z > 1e-12 else { return nil }
        return (cx + fx * direction.x / direction.z, cy + fy * direction.y / direction.z)
    }
}
