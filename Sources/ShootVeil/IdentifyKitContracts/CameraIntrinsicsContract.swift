import DeviceContracts
import IdentifyKit

/// The contract of ``IdentifyKit/CameraIntrinsicsSource``.
public enum CameraIntrinsicsContract {
    /// With the camera running and the preview laid out: the preview's centre maps to the
    /// image's centre within a pixel; its corners map inside the image or onto its edge; a point
    /// outside the preview maps to `nil`. Nothing is checked while the camera is stopped.
    public static func violations(of camera: some CameraIntrinsicsSource) async -> [ContractViolation] {
        guard let format = await camera.currentFormat(), let size = await camera.previewSize() else { return [] }
        var found: [ContractViolation] = []
        let width = Double(format.shortSide)
        let height = Double(format.longSide)
        if let centre = await camera.imagePixel(preview: PlanePoint(x: size.x / 2, y: size.y / 2)) {
            if abs(centre.x - width / 2) > 1 || abs(centre.y - height / 2) > 1 {
                found.append(.init(rule: "the preview's centre is the image's centre", observed: "\(centre)"))
            }
        } else {
            found.append(.init(rule: "the preview's centre is the image's centre", observed: "nil"))
        }
        for corner in [PlanePoint(x: 0, y: 0), PlanePoint(x: size.x, y: size.y)] {
            guard let pixel = await camera.imagePixel(preview: corner) else {
                found.append(.init(rule: "a corner of the preview maps into the image", observed: "nil"))
                continue
            }
            if pixel.x < -1 || pixel.y < -1 || pixel.x > width + 1 || pixel.y > height + 1 {
                found.append(.init(rule: "a corner of the preview maps into the image", observed: "\(pixel)"))
            }
        }
        if let outside = await camera.imagePixel(preview: PlanePoint(x: -10, y: size.y / 2)) {
            found.append(.init(rule: "a point outside the preview maps to nil", observed: "\(outside)"))
        }
        return found
    }
}
