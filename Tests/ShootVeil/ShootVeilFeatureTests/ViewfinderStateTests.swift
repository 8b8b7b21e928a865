import Foundation
import GeoKit
import IdentifyKit
import ShootVeilFeature
import Testing

/// What the viewfinder says before a tap: each blocker, in its order, and the calibration prompt.
@Suite("The viewfinder's readiness")
@MainActor
struct ViewfinderStateTests {
    @Test("with a good fix, a calibrated compass, a fresh attitude and the camera running, a tap would identify")
    func ready() throws {
        let phone = try Phone()
        phone.makeReady()
        #expect(phone.model.state.readiness == .ready)
        #expect(phone.model.state.calibration == nil)
        let pointing = try #require(phone.model.state.camera)
        #expect(abs(pointing.pitch) < 1e-9 && abs(pointing.roll) < 1e-9)
    }

    @Test("the calibration prompt appears past the threshold and for an invalid heading, and blocks")
    func calibration() throws {
        let phone = try Phone()
        phone.makeReady(heading: 20)
        #expect(phone.model.state.readiness == .ready, "exactly the threshold is good enough")
        phone.makeReady(heading: 20.5)
        #expect(phone.model.state.calibration == CalibrationPrompt(accuracy: 20.5, threshold: 20))
        #expect(phone.model.state.readiness == .blocked(.compassNeedsCalibration(accuracy: 20.5)))
        #expect(
            ShootVeilCopy.calibration(try #require(phone.model.state.calibration), in: .english)
                == "Compass ±21°, needs ±20°")
        phone.makeReady(heading: -1)
        #expect(phone.model.state.calibration == CalibrationPrompt(accuracy: nil, threshold: 20))
        #expect(phone.model.state.readiness == .blocked(.compassNeedsCalibration(accuracy: nil)))
    }

    @Test("each missing or stale reading blocks with its own reason, in order")
    func blockers() throws {
        let phone = try Phone()
        #expect(phone.model.state.readiness == .blocked(.waitingForLocation))
        phone.makeReady()
        phone.clock.set(phone.clock.date.timeIntervalSince1970 + 3)
        phone.model.refresh()
        #expect(phone.model.state.readiness == .blocked(.waitingForHeading), "a 3 s old compass reading is stale")
        phone.makeReady()
        phone.model.apply(.attitude(AttitudeSample(quaternion: .identity, time: phone.clock.date.timeIntervalSince1970 - 5)))
        #expect(phone.model.state.readiness == .blocked(.waitingForAttitude))
        phone.makeReady()
        phone.model.apply(.camera(running: false))
        #expect(phone.model.state.readiness == .blocked(.cameraNotRunning))
        phone.makeReady()
        let coarse = LocationSample(
            coordinate: .init(uncheckedLatitude: 40.7336, longitude: -74.0027), ellipsoidalAltitude: nil, altitude: nil,
            horizontalAccuracy: 120, verticalAccuracy: -1, time: phone.clock.date.timeIntervalSince1970)
        phone.model.apply(.location(.sample(coarse)))
        #expect(phone.model.state.readiness == .blocked(.locationTooCoarse(accuracy: 120)))
        phone.model.apply(.location(.denied))
        #expect(phone.model.state.readiness == .blocked(.locationDenied))
        #expect(ShootVeilCopy.blocker(.locationDenied, in: .english).contains("Settings"))
        #expect(phone.model.statusFix == .openSettings, "a refused location offers Open Settings")
    }

    @Test("without a true-north attitude frame nothing else matters")
    func noTrueNorth() throws {
        let phone = try Phone(attitudeAvailable: false)
        phone.makeReady()
        #expect(phone.model.state.readiness == .blocked(.attitudeUnavailable))
    }

    @Test("a blocked tap keeps the marker, says why and asks the service nothing")
    func blockedTap() async throws {
        let phone = try Phone(freeLimit: 1)
        phone.makeReady(heading: 45)
        await phone.model.tap(at: PlanePoint(x: 10, y: 20))
        #expect(phone.model.phase == .notPossible(marker: PlanePoint(x: 10, y: 20), .compassNeedsCalibration(accuracy: 45)))
        #expect(try phone.quota.remaining(at: phone.clock.date) == 1)
    }

    @Test("the camera stopping between readings blocks the tap as camera-not-running")
    func cameraStopped() async throws {
        let phone = try Phone()
        phone.makeReady()
        phone.camera.set(format: nil)
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.phase == .notPossible(marker: Phone.centre, .cameraNotRunning))
    }

    @Test("words: distances, confidences and directions read as people say them")
    func copy() {
        #expect(ShootVeilCopy.distance(240.4, in: .english) == "240 m")
        #expect(ShootVeilCopy.distance(1_240, in: .english) == "1.2 km")
        #expect(ShootVeilCopy.confidence(0.634, in: .english) == "63%")
        #expect(ShootVeilCopy.direction(azimuth: 42, elevation: 12.4, in: .english) == "NE 42°, 12° up")
        #expect(ShootVeilCopy.direction(azimuth: 350, elevation: -3, in: .english) == "N 350°, 3° down")
        #expect(
            ShootVeilCopy.allowance(freeRemaining: 1, entitlement: .free, in: .english)
                == "1 free identification left this month")
    }
}
