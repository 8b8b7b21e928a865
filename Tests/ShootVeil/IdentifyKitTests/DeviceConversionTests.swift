import Foundation
import Testing

@testable import IdentifyKit

/// The pure conversions the phone's adapters call, against hand-computed values.
@Suite("Device conversions: attitude, zoom and the aspect-fill tap")
struct DeviceConversionTests {
    /// The phone upright in portrait, back camera level towards true north: its x axis (screen
    /// right) is east = (0, −1, 0) in the X-north/Y-west/Z-up frame, y (screen top) is up
    /// (0, 0, 1) and z (out of the screen) is south (−1, 0, 0). That matrix's quaternion, by
    /// Shepperd's method on paper: w = √(1 + trace)/2 = 1/2, x = (m32 − m23)/4w = 1/2,
    /// y = (m13 − m31)/4w = −1/2, z = (m21 − m12)/4w = −1/2.
    static let uprightNorth = AttitudeQuaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)

    /// `a` then `b` (`b · a`): rotating by `a` and then by `b`, both about reference axes.
    static func then(_ a: AttitudeQuaternion, _ b: AttitudeQuaternion) -> AttitudeQuaternion {
        AttitudeQuaternion(
            w: b.w * a.w - b.x * a.x - b.y * a.y - b.z * a.z,
            x: b.w * a.x + b.x * a.w + b.y * a.z - b.z * a.y,
            y: b.w * a.y - b.x * a.z + b.y * a.w + b.z * a.x,
            z: b.w * a.z + b.x * a.y - b.y * a.x + b.z * a.w)
    }

    /// A rotation by `degrees` about a reference axis (right-handed).
    static func about(_ axis: SIMD3<Double>, _ degrees: Double) -> AttitudeQuaternion {
        let half = degrees * .pi / 360
        return AttitudeQuaternion(w: cos(half), x: axis.x * sin(half), y: axis.y * sin(half), z: axis.z * sin(half))
    }

    @Test("upright towards north: heading 0, pitch 0, roll 0, and the image's right is east")
    func uprightNorthIsLevel() throws {
        let camera = try CameraAttitude(portraitDevice: Self.uprightNorth)
        #expect(abs(camera.heading) < 1e-9 || abs(camera.heading - 360) < 1e-9)
        #expect(abs(camera.pitch) < 1e-9)
        #expect(abs(camera.roll) < 1e-9)
        #expect(abs(camera.right.x - 1) < 1e-12 && abs(camera.forward.y - 1) < 1e-12 && abs(camera.down.z + 1) < 1e-12)
    }

    @Test(
        "turning about the vertical, tilting about the camera's right, and rolling about its axis read back",
        arguments: [(90.0, 0.0, 0.0), (225.0, 0.0, 0.0), (30.0, 20.0, 0.0), (300.0, -15.0, 10.0), (45.0, 60.0, -25.0)])
    func headingPitchRoll(_ expected: (heading: Double, pitch: Double, roll: Double)) throws {
        // Build the attitude the way the phone moves: roll about the optical axis (north, X)
        // while facing north, pitch about the right-hand axis (east, −Y), then turn clockwise
        // seen from above (about −Z) by the heading.
        var q = Self.uprightNorth
        q = Self.then(q, Self.about(SIMD3(1, 0, 0), expected.roll))
        q = Self.then(q, Self.about(SIMD3(0, -1, 0), expected.pitch))
        q = Self.then(q, Self.about(SIMD3(0, 0, -1), expected.heading))
        let camera = try CameraAttitude(portraitDevice: q)
        #expect(abs(ViewingDirection.azimuthDifference(from: expected.heading, to: camera.heading)) < 1e-9)
        #expect(abs(camera.pitch - expected.pitch) < 1e-9)
        #expect(abs(camera.roll - expected.roll) < 1e-9)
    }

    @Test("flat on a table, screen up, top towards north: the back camera looks straight down")
    func flatLooksDown() throws {
        let camera = try CameraAttitude(portraitDevice: .identity)
        #expect(abs(camera.pitch + 90) < 1e-9)
    }

    @Test("a quaternion that is not a rotation is refused, one that is slightly off is normalised")
    func quaternionValidation() throws {
        #expect(throws: IdentifyError.self) { try CameraAttitude(portraitDevice: AttitudeQuaternion(w: 0, x: 0, y: 0, z: 0)) }
        #expect(throws: IdentifyError.self) { try CameraAttitude(portraitDevice: AttitudeQuaternion(w: .nan, x: 0, y: 0, z: 0)) }
        let scaled = AttitudeQuaternion(w: 0.501, x: 0.501, y: -0.501, z: -0.501)
        #expect(abs(try CameraAttitude(portraitDevice: scaled).pitch) < 1e-9)
    }

    @Test("zoom narrows the field of view by the tangent, not linearly")
    func zoomFieldOfView() throws {
        // tan(45°) / 2 = 0.5 and 2·atan(0.5) = 53.130°; a linear rule would say 45°.
        #expect(abs(CameraFormat.fieldOfView(90, zoom: 2) - 53.130_102_354) < 1e-6)
        #expect(abs(CameraFormat.fieldOfView(69.4, zoom: 1) - 69.4) < 1e-12)
        let format = try CameraFormat(longSide: 4000, shortSide: 3000, fieldOfView: 90, zoom: 2)
        let intrinsics = try format.portraitIntrinsics()
        // Portrait: 3000 wide, 4000 high; f = 2000 / tan(26.565°) = 2000 / 0.5 = 4000 px.
        #expect(intrinsics.width == 3000 && intrinsics.height == 4000)
        #expect(abs(intrinsics.fx - 4000) < 1e-6 && abs(intrinsics.fy - 4000) < 1e-6)
        #expect(intrinsics.cx == 1500 && intrinsics.cy == 2000)
        #expect(throws: IdentifyError.self) { try CameraFormat(longSide: 3000, shortSide: 4000, fieldOfView: 60) }
        #expect(throws: IdentifyError.self) { try CameraFormat(longSide: 4000, shortSide: 3000, fieldOfView: 60, zoom: 0.5) }
    }

    @Test("an aspect-fill preview crops the sides of a taller image: taps map by hand-computed numbers")
    func aspectFill() throws {
        // A 300 × 600 pt preview of a 3000 × 4000 px image: scale max(0.1, 0.15) = 0.15, so the
        // image is shown 450 × 600 and 75 pt is cropped on each side.
        let preview = AspectFillPreview(previewWidth: 300, previewHeight: 600, imageWidth: 3000, imageHeight: 4000)
        #expect(preview.scale == 0.15)
        #expect(preview.imagePixel(preview: PlanePoint(x: 0, y: 0)) == PlanePoint(x: 500, y: 0))
        #expect(preview.imagePixel(preview: PlanePoint(x: 150, y: 300)) == PlanePoint(x: 1500, y: 2000))
        let corner = try #require(preview.imagePixel(preview: PlanePoint(x: 300, y: 600)))
        #expect(abs(corner.x - 2500) < 1e-9 && abs(corner.y - 4000) < 1e-9)
        #expect(preview.imagePixel(preview: PlanePoint(x: -1, y: 10)) == nil)
        let back = preview.previewPoint(imagePixel: PlanePoint(x: 500, y: 0))
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
        // A wide preview crops top and bottom instead: 800 × 400 pt of 3000 × 4000 → scale 0.2667,
        // shown 800 × 1066.7, 333.3 pt cropped above; (400, 0) is pixel (1500, 1250).
        let wide = AspectFillPreview(previewWidth: 800, previewHeight: 400, imageWidth: 3000, imageHeight: 4000)
        let top = try #require(wide.imagePixel(preview: PlanePoint(x: 400, y: 0)))
        #expect(abs(top.x - 1500) < 1e-9 && abs(top.y - 1250) < 1e-9)
    }

    @Test("a capture-device point (landscape, home button right) becomes the portrait image's pixel")
    func devicePoint() {
        // The device frame's top-left (0, 0) is the portrait image's top-right corner; its
        // bottom-left (0, 1) is the portrait top-left; (1, 0) is the bottom-right.
        let w = 3024.0
        let h = 4032.0
        #expect(AspectFillPreview.portraitPixel(devicePoint: PlanePoint(x: 0, y: 0), imageWidth: w, imageHeight: h) == PlanePoint(x: w, y: 0))
        #expect(AspectFillPreview.portraitPixel(devicePoint: PlanePoint(x: 0, y: 1), imageWidth: w, imageHeight: h) == PlanePoint(x: 0, y: 0))
        #expect(AspectFillPreview.portraitPixel(devicePoint: PlanePoint(x: 1, y: 0), imageWidth: w, imageHeight: h) == PlanePoint(x: w, y: h))
        #expect(AspectFillPreview.portraitPixel(devicePoint: PlanePoint(x: 0.5, y: 0.5), imageWidth: w, imageHeight: h) == PlanePoint(x: w / 2, y: h / 2))
    }
}
