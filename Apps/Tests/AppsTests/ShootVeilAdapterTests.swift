import CoreLocation
import Foundation
import IdentifyKit
import IdentifyKitContracts
import Testing

@testable import ShootVeilLive

/// ShootVeil's live adapters: the CoreLocation field conversion everywhere, and the root
/// package's contracts (IdentifyKitContracts) where the simulator has the hardware. The camera
/// contract checks nothing while no camera runs (the simulator has none); the StoreKit store
/// needs a StoreKit test session and is checked by hand with `ShootVeil.storekit`. Type-checked
/// against the iPhoneOS SDK on Linux; not yet run on a Mac.
@Suite("ShootVeil adapters")
@MainActor
struct ShootVeilAdapterTests {
    @Test("a CoreLocation fix keeps its ellipsoidal height; an invalid one is dropped")
    func locationSample() throws {
        let fix = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 40.7336, longitude: -74.0027), altitude: 3,
            horizontalAccuracy: 5, verticalAccuracy: 4, timestamp: Date(timeIntervalSince1970: 1_000))
        let sample = try #require(CoreLocationCaptureSource.sample(fix))
        #expect(sample.altitude == 3 && sample.horizontalAccuracy == 5 && sample.time == 1_000)
        let invalid = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 40.7336, longitude: -74.0027), altitude: 3,
            horizontalAccuracy: -1, verticalAccuracy: -1, timestamp: Date())
        #expect(CoreLocationCaptureSource.sample(invalid) == nil)
    }

    @Test("CoreMotion keeps the attitude source's contract")
    func attitudeContract() async {
        #expect(await AttitudeSourceContract.violations(of: CoreMotionAttitudeSource()).isEmpty)
    }

    @Test("the compass keeps the heading source's contract", .enabled(if: CLLocationManager.headingAvailable()))
    func headingContract() async {
        #expect(await HeadingSourceContract.violations(of: CoreLocationHeadingSource()).isEmpty)
    }

    @Test("the camera keeps its contract (nothing to check while it is not running)")
    func cameraContract() async {
        #expect(await CameraIntrinsicsContract.violations(of: CameraCapture()).isEmpty)
    }
}
