import GeoKit
import ProximityFeature
import ProximityKit
import Testing

/// The committed tracks through the fakes into the tracking model give exactly what
/// `loci proximity replay` (``ProximityKit/TrackReplay``) gives, in both wake-up models.
@Suite("Committed tracks replayed through the device fakes into the tracking model")
@MainActor
struct ReplayThroughModelTests {
    nonisolated static let cases: [(String, WakeupMode)] = Tracks.names.flatMap { name in WakeupMode.allCases.map { (name, $0) } }

    @Test("the model posts the notifications the replay decides, in order, and the monitor always holds the planned set", arguments: cases)
    func sameNotifications(track: String, mode: WakeupMode) async throws {
        let (fixes, set) = try Tracks.load(track)
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        var simulator = PhoneSimulator(device: device)
        var mismatches = 0
        simulator.check = { model, _ in
            if device.monitor.snapshot != model.plannedRegions.sorted(by: { $0.id < $1.id }) { mismatches += 1 }
        }
        switch mode {
        case .everyFix: await simulator.runEveryFix(fixes, model: model)
        case .ios: await simulator.runIOS(fixes, model: model)
        }
        let expected = Tracks.reference(fixes, set, mode)
        #expect(device.poster.posted.map(\.plannerID) == expected)
        #expect(mismatches == 0, "the monitor differed from the planned regions at \(mismatches) fixes")
        #expect(device.monitor.highWaterMark <= RegionMonitorLimit.conditions)
        if track != "parked-jitter" { #expect(!expected.isEmpty, "\(track) should notify something") }
        for posted in device.poster.posted {
            #expect(posted.threadID == "trip:file")
            #expect(posted.identifier == ProximityNotificationID.identifier(tripID: "file", placeID: posted.placeIDs[0]))
        }
    }

    @Test("iOS wake-ups reach the model far less often than fixes arrive")
    func fewWakeUps() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        await PhoneSimulator(device: device).runIOS(fixes, model: model)
        #expect(model.debug.entries.count > 1)
        let steps = model.debug.totalSteps
        #expect(steps * 10 < fixes.count)
        #expect(model.debug.entries.contains { $0.source.hasPrefix("region") })
    }
}
