import Foundation
import IdentifyKit
import ShootVeilFeature
import LociTestSupport
import Testing

/// The viewfinder's run loop: the sensors start, their streams reach the model, and they stop.
@Suite("The viewfinder listening to the sensors")
@MainActor
struct ListeningTests {
    @Test("readings sent by the fakes make the viewfinder ready; cancelling stops the sensors")
    func streams() async throws {
        let phone = try Phone()
        let loop = Task { await phone.model.listen() }
        #expect(await eventually { phone.model.paywall.freeRemaining == 5 })
        let now = phone.clock.date.timeIntervalSince1970
        #expect(await eventually { phone.location.isRunning && phone.attitude.isRunning && phone.heading.isRunning })
        phone.location.send(
            LocationSample(
                coordinate: .init(uncheckedLatitude: 40.7336, longitude: -74.0027), ellipsoidalAltitude: -30, altitude: 3,
                horizontalAccuracy: 5, verticalAccuracy: 3, time: now))
        phone.heading.send(HeadingSample(trueHeading: 0, accuracy: 30, time: now))
        phone.attitude.send(AttitudeSample(quaternion: AttitudeQuaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5), time: now))
        #expect(await eventually { phone.model.state.calibration?.accuracy == 30 })
        phone.heading.send(HeadingSample(trueHeading: 0, accuracy: 5, time: now))
        phone.model.apply(.camera(running: true))
        #expect(await eventually { phone.model.state.readiness == .ready })
        loop.cancel()
        await loop.value
        #expect(!phone.location.isRunning && !phone.attitude.isRunning && !phone.heading.isRunning)
    }

    @Test("a refused location permission reaches the viewfinder as its blocker")
    func denied() async throws {
        let phone = try Phone(locationAllowed: false)
        let loop = Task { await phone.model.listen() }
        defer { loop.cancel() }
        #expect(await eventually { phone.model.state.readiness == .blocked(.locationDenied) })
    }
}
