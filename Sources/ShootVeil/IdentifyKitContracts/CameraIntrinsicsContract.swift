import DeviceContracts
import IdentifyKit

/// The contract of ``IdentifyKit/CameraIntrinsicsSource``.
public enum CameraIntrinsicsContract {
    /// With the camera running and the preview laid out: the preview's centre maps to the
    /// image's centre within a pixel; its corners map inside the image or onto its edge; a point
    /// outside the preview maps to `nil`; `setZoom(2)` gives zoom 2 and `setZoom(0.5)` zoom 1 (the
    /// zoom in force before is set again). Nothing is checked while the camera is stopped.
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
        // Zoom: 2× is within every back camera's range; below 1 is clamped to 1. Restored after.
        await camera.setZoom(2)
        let doubled = await camera.currentFormat()?.zoom
        if doubled.map({ abs($0 - 2) > 1e-6 }) ?? true {
            found.append(.init(rule: "setZoom(2) sets the zoom to 2", observed: doubled.map { String($0) } ?? "nil"))
        }
        await camera.setZoom(0.5)
        let clamped = await camera.currentFormat()?.zoom
        if clamped.map({ abs($0 - 1) > 1e-6 }) ?? true {
            found.append(.init(rule: "setZoom below 1 gives 1", observed: clamped.map { String($0) } ?? "nil"))
        }
        await camera.setZoom(format.zoom)
        return found
    }
}
