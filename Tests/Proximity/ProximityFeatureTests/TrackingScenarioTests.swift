import Foundation
import GeoKit
import ProximityFeature
import ProximityKit
import ProximityStore
import Testing

/// Snooze, quiet hours, a relaunch mid-track, a permission downgrade, and the 20-condition limit.
@Suite("Tracking scenarios through the device fakes")
@MainActor
struct TrackingScenarioTests {
    @Test("Snooze on a notification snoozes its nearest place for an hour from now")
    func snoozeFromNotification() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        await PhoneSimulator(device: device).runEveryFix(Array(fixes.prefix(fixes.count / 2)), model: model)
        let first = try #require(device.poster.posted.first)
        await model.handle(
            .notificationResponse(
                NotificationResponse(
                    identifier: first.identifier, actionID: NotificationCategory.snoozeAction, placeIDs: first.placeIDs,
                    tripID: first.tripID)))
        #expect(model.plannerState.snoozedUntil[first.placeIDs[0]] == device.clock.now + NotificationResponse.defaultSnooze)
        #expect(model.status.snoozedUntil.keys.contains(first.placeIDs[0]))
    }

    @Test("A place snoozed for the whole walk is never announced; the others still are")
    func snoozeSuppresses() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let reference = Tracks.reference(fixes, set, .everyFix)
        let target = try #require(reference.first.map { String($0.split(separator: ":", maxSplits: 1)[1]) })
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        device.clock.set(fixes[0].time)
        await model.snooze(placeID: target, for: fixes.last!.time - fixes[0].time + 60)
        await PhoneSimulator(device: device).runEveryFix(fixes, model: model)
        #expect(!device.poster.posted.contains { $0.placeIDs.contains(target) })
        #expect(model.debug.lastSuppression[target] == .snoozed)
        #expect(!device.poster.posted.isEmpty, "the other places are still announced")
    }

    @Test("A snooze that ends before the place is passed holds nothing back")
    func snoozeExpires() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let reference = Tracks.reference(fixes, set, .everyFix)
        let target = try #require(reference.first.map { String($0.split(separator: ":", maxSplits: 1)[1]) })
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        device.clock.set(fixes[0].time)
        await model.snooze(placeID: target, for: 1)
        await PhoneSimulator(device: device).runEveryFix(fixes, model: model)
        #expect(device.poster.posted.map(\.plannerID) == reference)
    }

    @Test("Snoozing a place in the app suppresses it for the chosen time and the status lists it")
    func snoozeInApp() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device()
        try device.seed(set)
        let model = TrackingModel(environment: device.environment)
        device.clock.set(fixes[0].time)
        await model.launch()
        for place in set.places { await model.snooze(placeID: place.id, for: 24 * 3_600) }
        #expect(model.status.snoozedUntil.count == set.places.count)
        await PhoneSimulator(device: device).runEveryFix(fixes, model: model)
        #expect(device.poster.posted.isEmpty)
        #expect(model.debug.suppressionTotals[.snoozed, default: 0] > 0)
    }

    @Test("Quiet hours set in the trip form over the whole walk silence it; the store keeps them")
    func quietHours() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device()
        try device.seed(set)
        let tracking = TrackingModel(environment: device.environment)
        let form = TripFormModel(editing: set.trip, environment: device.environment, changed: { await tracking.reloadPlaces() })
        form.draft.quietHours = QuietHours(start: 0, end: 23 * 60 + 59)
        let saved = try #require(await form.save())
        #expect(try device.service.trip(named: saved.id).quietHours == QuietHours(start: 0, end: 23 * 60 + 59))
        await PhoneSimulator(device: device).runEveryFix(fixes, model: tracking)
        #expect(device.poster.posted.isEmpty)
        #expect(tracking.debug.suppressionTotals[.quietHours, default: 0] > 0)
    }

    @Test("A relaunch in the middle of a track, woken by a region event before launch, changes nothing")
    func relaunch() async throws {
        let (fixes, set) = try Tracks.load("walk-kallio-to-market")
        let device = try Device()
        try device.seed(set)
        var simulator = PhoneSimulator(device: device)
        var relaunched = false
        var conditionsAtRelaunch: [MonitorCondition] = []
        simulator.before = { index, _ in
            guard !relaunched, index >= fixes.count / 2 else { return nil }
            relaunched = true
            conditionsAtRelaunch = device.monitor.snapshot
            // The app was terminated: a new model, not launched; the next event launches it.
            return TrackingModel(environment: device.environment)
        }
        await simulator.runIOS(fixes, model: TrackingModel(environment: device.environment))
        #expect(relaunched)
        #expect(!conditionsAtRelaunch.isEmpty)
        #expect(device.poster.posted.map(\.plannerID) == Tracks.reference(fixes, set, .ios))
    }

    @Test("Launch re-creates the monitored set from the snapshot when the OS lost it")
    func relaunchRecreatesConditions() async throws {
        let (fixes, set) = try Tracks.load("bike-to-work")
        let device = try Device()
        try device.seed(set)
        let first = TrackingModel(environment: device.environment)
        await PhoneSimulator(device: device).runIOS(Array(fixes.prefix(fixes.count / 2)), model: first)
        let planned = device.monitor.snapshot
        #expect(!planned.isEmpty)
        for condition in planned { await device.monitor.remove(condition.id) }
        let second = TrackingModel(environment: device.environment)
        await second.launch()
        #expect(device.monitor.snapshot == planned)
        #expect(second.plannerState == first.plannerState)
        #expect(second.status.monitoredPlaces == planned.count - 1)
        #expect(second.status.refreshRegion != nil)
    }

    @Test("Permission downgraded to When In Use mid-trip: nothing monitored, no wake-ups, alerts only from open-app fixes")
    func downgrade() async throws {
        let (fixes, set) = try Tracks.load("commuter-day")
        let device = try Device()
        try device.seed(set)
        let half = fixes.count / 2
        var simulator = PhoneSimulator(device: device)
        var downgradedAt = Int.max
        simulator.before = { index, model in
            if index == half {
                downgradedAt = model.debug.entries.last?.id ?? -1
                device.authorizer.change(to: .whenInUse)
                await model.handle(.authorization(.whenInUse))
            }
            return nil
        }
        var afterDowngrade: [Int] = []
        simulator.check = { model, index in
            if index >= half { afterDowngrade.append(device.monitor.snapshot.count) }
        }
        let model = TrackingModel(environment: device.environment)
        await simulator.runIOS(fixes, model: model)
        #expect(!afterDowngrade.isEmpty && afterDowngrade.allSatisfy { $0 == 0 })
        #expect(device.significant.isRunning == false)
        #expect(model.status.permission == .whenInUse)
        #expect(model.status.permissionSummary.contains("only while Proximity is open"))
        #expect(model.status.canRequestAlways)
        // No wake-ups after the downgrade (one already pending may still arrive).
        let wakesAfter = model.debug.entries.filter { $0.id > downgradedAt && ($0.source.hasPrefix("region") || $0.source == "significant change") }
        #expect(wakesAfter.count <= 1)

        // With the app open, fixes still reach the planner and alerts still come.
        let open = try Device(authorization: .whenInUse)
        try open.seed(set)
        let openModel = TrackingModel(environment: open.environment)
        await PhoneSimulator(device: open).runEveryFix(Array(fixes[half...]), model: openModel)
        #expect(open.monitor.highWaterMark == 0)
        #expect(!open.poster.posted.isEmpty)

        // Back to Always: the planned set is monitored again.
        device.authorizer.change(to: .always)
        await model.handle(.authorization(.always))
        #expect(device.monitor.snapshot == model.plannedRegions.sorted { $0.id < $1.id })
        #expect(!device.monitor.snapshot.isEmpty)
        #expect(device.significant.isRunning)
    }

    @Test("A trip of 80 places never has more than 20 conditions, and the 19 watched follow the user")
    func conditionLimit() async throws {
        let (fixes, walk) = try Tracks.load("walk-kallio-to-market")
        var places: [SavedPlace] = []
        for index in 0..<80 {
            let anchor = fixes[(index * 37) % fixes.count].coordinate
            let point = try Spherical.destination(from: anchor, bearing: Double((index * 53) % 360), distance: Double(80 + (index * 61) % 700))
            places.append(SavedPlace(id: "gen:\(index)", tripID: "file", name: "Place \(index)", coordinate: point))
        }
        for mode in WakeupMode.allCases {
            let device = try Device()
            try device.seed(trip: walk.trip, places: places)
            var simulator = PhoneSimulator(device: device)
            var counts: [Int] = []
            var watched = Set<String>()
            simulator.check = { _, _ in
                counts.append(device.monitor.snapshot.count)
                watched.formUnion(device.monitor.snapshot.map(\.id))
            }
            let model = TrackingModel(environment: device.environment)
            switch mode {
            case .everyFix: await simulator.runEveryFix(fixes, model: model)
            case .ios: await simulator.runIOS(fixes, model: model)
            }
            #expect(counts.allSatisfy { $0 <= RegionMonitorLimit.conditions }, "\(mode)")
            #expect(device.monitor.highWaterMark == RegionMonitorLimit.conditions, "\(mode): the limit should be reached")
            #expect(watched.count > 30, "\(mode): re-selection should watch more than one set of places over the walk")
            #expect(model.status.totalPlaces == 80)
            #expect(model.status.monitoredPlaces == 19)
            #expect(device.poster.posted.map(\.plannerID) == Tracks.reference(fixes, places: places, trip: walk.trip, mode), "\(mode)")
        }
    }
}
