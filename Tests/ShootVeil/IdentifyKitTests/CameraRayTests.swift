import Foundation
import GeoKit
import Testing

@testable import IdentifyKit

/// Pinhole rays against hand-computed cases (a 4000 × 3000 image with a 90° horizontal field of
/// view has fx = fy = 2000 px, so offsets of 1000 and 1500 px are tangents of 0.5 and 0.75).
@Suite struct CameraRayTests {
    let intrinsics = try! CameraIntrinsics(horizontalFieldOfView: 90, width: 4000, height: 3000)

    func capture(heading: Double, pitch: Double = 0, roll: Double = 0) throws -> CaptureMetadata {
        try CaptureMetadata(
            time: nil, coordinate: Coordinate(latitude: 40.7336, longitude: -74.0027), ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: heading, pitch: pitch, roll: roll), headingAccuracy: 5,
            intrinsics: intrinsics)
    }

    @Test func focalLengthFromFieldOfView() {
        #expect(abs(intrinsics.fx - 2000) < 1e-9)
        #expect(abs(intrinsics.cy - 1500) < 1e-9)
    }

    @Test func diagonalRuleGivesTheDesignNoteFieldsOfView() throws {
        // 4:3: HFOV = 2·atan(17.31 mm / f): 26 mm → 67.3°, 24 mm → 71.6°, 28 mm → 63.4°.
        for (focal, expected) in [(26.0, 67.3), (24.0, 71.6), (28.0, 63.4)] {
            let fov = CameraIntrinsics.horizontalFieldOfView(
                focalLength35mm: focal, width: 4032, height: 3024)
            #expect(abs(fov - expected) < 0.05, "f35 \(focal) mm → \(fov)°")
        }
        // A 16:9 frame of the same lens is wider: 2·atan(21.633 · 16/√337 / 26) = 71.90°.
        let wide = CameraIntrinsics.horizontalFieldOfView(focalLength35mm: 26, width: 1920, height: 1080)
        #expect(abs(wide - 71.90) < 0.01)
    }

    @Test func levelCameraOffCentreTap() throws {
        let c = try capture(heading: 0)
        let d = try c.direction(tapX: 3000, y: 1500)
        #expect(abs(d.azimuth - atan(0.5) * 180 / .pi) < 1e-9)  // 26.565°
        #expect(abs(d.elevation) < 1e-9)
        let centre = try capture(heading: 250).direction(tapX: 2000, y: 1500)
        #expect(abs(centre.azimuth - 250) < 1e-9)
    }

    @Test func pitchedCameraTopCentreTap() throws {
        // 30° up, tap at the top edge centre: 30° + atan(0.75) = 66.87° elevation, straight ahead.
        let d = try capture(heading: 90, pitch: 30).direction(tapX: 2000, y: 0)
        #expect(abs(d.azimuth - 90) < 1e-9)
        #expect(abs(d.elevation - (30 + atan(0.75) * 180 / .pi)) < 1e-9)
    }

    @Test func pitchedCameraCornerTap() throws {
        // Heading 0, pitch 30°, tap (4000, 0): camera ray (1, −0.75, 1) →
        // E = 1, N = cos30 − 0.75·sin30 = 0.49103, U = sin30 + 0.75·cos30 = 1.14952.
        let d = try capture(heading: 0, pitch: 30).direction(tapX: 4000, y: 0)
        let e = 1.0
        let n = 0.866_025_403_8 - 0.375
        let u = 0.5 + 0.75 * 0.866_025_403_8
        #expect(abs(d.azimuth - atan2(e, n) * 180 / .pi) < 1e-6)  // 63.85°
        #expect(abs(d.elevation - atan2(u, (e * e + n * n).squareRoot()) * 180 / .pi) < 1e-6)  // 45.96°
    }

    @Test func rolledCamera() throws {
        // Rolled 90° clockwise: image right points down, image up points east.
        let c = try capture(heading: 0, roll: 90)
        let right = try c.direction(tapX: 3000, y: 1500)
        #expect(abs(right.elevation + atan(0.5) * 180 / .pi) < 1e-9)
        #expect(abs(ViewingDirection.azimuthDifference(from: 0, to: right.azimuth)) < 1e-6)
        let up = try c.direction(tapX: 2000, y: 0)
        #expect(abs(up.azimuth - atan(0.75) * 180 / .pi) < 1e-9)  // 36.87° east of north
        #expect(abs(up.elevation) < 1e-9)
    }

    @Test func pitchAndRollTogether() throws {
        // Heading 0, pitch 30°, roll 90°: the tap 1000 px right of centre (camera (0.5, 0, 1)):
        // right = −levelUp = (0, sin30, −cos30), forward = (0, cos30, sin30) →
        // ENU = (0, 0.5·0.5 + 0.866, −0.5·0.866 + 0.5) = (0, 1.116, 0.067) → az 0, el 3.43°.
        let d = try capture(heading: 0, pitch: 30, roll: 90).direction(tapX: 3000, y: 1500)
        let n = 0.25 + 0.866_025_403_8
        let u = 0.5 - 0.433_012_701_9
        #expect(abs(ViewingDirection.azimuthDifference(from: 0, to: d.azimuth)) < 1e-6)
        #expect(abs(d.elevation - atan2(u, n) * 180 / .pi) < 1e-6)
    }

    @Test func inverseProjectionRoundTrips() throws {
        let c = try capture(heading: 37, pitch: 12, roll: -8)
        for (x, y) in [(0.0, 0.0), (4000.0, 3000.0), (123.0, 2900.0), (2000.0, 1500.0)] {
            let d = try c.direction(tapX: x, y: y)
            let back = try #require(c.pixel(for: d))
            #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6)
        }
        // A world point behind the camera has no pixel.
        #expect(c.pixel(for: ViewingDirection(azimuth: 217, elevation: 0)) == nil)
    }

    /// The seed's `heading + (x/width − 0.5)·FOV` against the pinhole: the design note's 1.6° with
    /// the phone level (more than the seed's own ±1° gate) and over 11.7° at the top right at 30° pitch.
    @Test func seedLinearFormulaIsWrong() throws {
        let iphone = try CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024)
        let fov = iphone.horizontalFieldOfView
        func seed(_ x: Double) -> Double { (x / 4032 - 0.5) * fov }
        let level = try CaptureMetadata(
            time: nil, coordinate: Coordinate(latitude: 0, longitude: 0), ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 0), headingAccuracy: 3, intrinsics: iphone)
        var worst = 0.0
        for x in stride(from: 0.0, through: 4032, by: 16) {
            let pinhole = ViewingDirection.azimuthDifference(
                from: 0, to: try level.direction(tapX: x, y: 1512).azimuth)
            worst = max(worst, abs(pinhole - seed(x)))
        }
        #expect(abs(worst - 1.6) < 0.05)
        #expect(worst > 1)  // outside the seed's own building gate
        var pitched = level
        pitched.attitude = try CameraAttitude(heading: 0, pitch: 30)
        let corner = try pitched.direction(tapX: 4032, y: 0).azimuth
        #expect(abs(corner - seed(4032)) > 11.7)
    }

    @Test func badInputsAreTypedErrors() throws {
        #expect(throws: IdentifyError.self) {
            try CameraIntrinsics(horizontalFieldOfView: 180, width: 10, height: 10)
        }
        #expect(throws: IdentifyError.self) {
            try CameraIntrinsics(focalLength35mm: 26, width: 0, height: 10)
        }
        #expect(throws: IdentifyError.self) { try CameraAttitude(heading: .nan) }
        #expect(throws: IdentifyError.self) { try CameraAttitude(heading: 0, pitch: 91) }
        let c = try capture(heading: 0)
        #expect(throws: IdentifyError(.tapOutsideImage(x: 4001, y: 10, width: 4000, height: 3000))) {
            try c.direction(tapX: 4001, y: 10)
        }
    }
}
