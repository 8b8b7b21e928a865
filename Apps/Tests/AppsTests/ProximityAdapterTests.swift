import CoreLocation
import Foundation
import GeoKit
import ProximityKit
import ProximityKitContracts
import Testing
import UserNotifications

@testable import ProximityLive

/// Proximity's live adapters: their field conversions everywhere, and the root package's
/// contracts (ProximityKitContracts) on a simulator or device. A contract that would show a
/// system prompt (location, notifications) runs only when the answer is already given, since a
/// test must never wait on a prompt; the workflow's simulator has none, so there those are
/// skipped and say so. Type-checked against the iPhoneOS SDK on Linux; not yet run on a Mac.
@Suite("Proximity adapters")
@MainActor
struct ProximityAdapterTests {
    nonisolated static var locationDetermined: Bool { CLLocationManager().authorizationStatus != .notDetermined }
    nonisolated static var significantChangesAvailable: Bool { CLLocationManager.significantLocationChangeMonitoringAvailable() }

    @Test("every CoreLocation status maps to the kit's level, restricted as denied")
    func authorizationMapping() {
        #expect(CoreLocationAuthorizer.authorization(.notDetermined) == .notDetermined)
        #expect(CoreLocationAuthorizer.authorization(.authorizedAlways) == .always)
        #expect(CoreLocationAuthorizer.authorization(.authorizedWhenInUse) == .whenInUse)
        #expect(CoreLocationAuthorizer.authorization(.denied) == .denied)
        #expect(CoreLocationAuthorizer.authorization(.restricted) == .denied)
    }

    @Test("CLMonitor states: satisfied and unsatisfied kept, unknown dropped")
    func monitorStates() {
        #expect(CoreLocationRegionMonitor.state(.satisfied) == .satisfied)
        #expect(CoreLocationRegionMonitor.state(.unsatisfied) == .unsatisfied)
        #expect(CoreLocationRegionMonitor.state(.unknown) == nil)
    }

    @Test("a monitored circle reads back as the refresh region (exit) or a place (entry)")
    func conditionsReadBack() {
        let refresh = CoreLocationRegionMonitor.condition(
            id: MonitoredRegion.refreshID, latitude: 60.17, longitude: 24.94, radius: 250)
        let place = CoreLocationRegionMonitor.condition(id: "place:ateneum", latitude: 60.17, longitude: 24.94, radius: 500)
        #expect(refresh.notifyOnEntry == false)
        #expect(place.notifyOnEntry == true)
        #expect(place.radius == 500)
        #expect(place.center.latitude == 60.17)
    }

    @Test(
        "CLMonitor keeps the RegionMonitor contract: 20 conditions at most",
        .enabled(if: locationDetermined, "location permission not determined"))
    func regionMonitorContract() async throws {
        let monitor = CoreLocationRegionMonitor(name: "contract-\(UUID().uuidString)")
        let center = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let violations = await RegionMonitorContract.violations(of: monitor, around: center)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(
        "significant-change wake-ups keep their contract",
        .enabled(if: significantChangesAvailable, "significant-change monitoring unavailable here"))
    func significantChangeContract() async {
        let violations = await SignificantChangeContract.violations(of: SignificantChangeLocationSource())
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("one-shot fixes keep their contract (a fix or a typed error, never older)")
    func oneShotContract() async {
        let violations = await OneShotLocatorContract.violations(of: CoreLocationOneShotLocator())
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(
        "the location authorizer keeps its contract",
        .enabled(if: locationDetermined, "location permission not determined: the prompt would block"))
    func authorizerContract() async {
        let violations = await LocationAuthorizerContract.violations(of: CoreLocationAuthorizer())
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("motion activity keeps its contract")
    func motionContract() {
        #expect(MotionActivityContract.violations(of: CoreMotionActivitySource()).isEmpty)
    }

    @Test("the notification poster keeps its contract", .enabled(if: notificationsAllowed(), "notifications not allowed"))
    func posterContract() async {
        let violations = await NotificationPosterContract.violations(of: UserNotificationPoster())
        #expect(violations.isEmpty, "\(violations)")
    }
}

/// Whether notifications are already allowed (read synchronously for `.enabled(if:)`).
private func notificationsAllowed() -> Bool {
    let answer = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var allowed = false
    UNUserNotificationCenter.current().getNotificationSettings { settings in
        allowed = settings.authorizationStatus == .authorized
        answer.signal()
    }
    _ = answer.wait(timeout: .now() + 5)
    return allowed
}
