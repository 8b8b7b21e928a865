import Foundation
import GeoKit
@testable import ProximityKit
import Testing

@Suite("The pure conversions the live adapters call")
struct DeviceConversionTests {
    static let here = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let fix = LocationFix(coordinate: here, accuracy: 10, time: 1_000)

    @Test("condition ids and place ids convert both ways; the refresh region and foreign ids name no place")
    func identifiers() {
        #expect(RegionIdentifier.conditionID(placeID: "osm:node/1") == "place:osm:node/1")
        #expect(RegionIdentifier.placeID(conditionID: "place:osm:node/1") == "osm:node/1")
        #expect(RegionIdentifier.placeID(conditionID: MonitoredRegion.refreshID) == nil)
        #expect(RegionIdentifier.placeID(conditionID: "place:") == nil)
        #expect(RegionIdentifier.placeID(conditionID: "contract:01") == nil)
    }

    @Test("entering a place and leaving the refresh region become planner events; the other changes do not")
    func monitorEvents() {
        let enter = MonitorEvent(conditionID: "place:a", state: .satisfied, time: 990)
        #expect(enter.plannerEvent(fix: Self.fix) == .region(RegionEvent(kind: .enter, regionID: "place:a", time: 990), fix: Self.fix))
        let exit = MonitorEvent(conditionID: "refresh", state: .unsatisfied, time: 990)
        #expect(exit.plannerEvent(fix: nil) == .region(RegionEvent(kind: .exit, regionID: "refresh", time: 990), fix: nil))
        #expect(MonitorEvent(conditionID: "place:a", state: .unsatisfied, time: 990).plannerEvent(fix: Self.fix) == nil)
        #expect(MonitorEvent(conditionID: "refresh", state: .satisfied, time: 990).plannerEvent(fix: Self.fix) == nil)
        #expect(MonitorEvent(conditionID: "other", state: .satisfied, time: 990).plannerEvent(fix: Self.fix) == nil)
    }

    @Test("notification answers become commands: Navigate and Snooze act on the nearest place")
    func responses() {
        func response(_ action: String, places: [String] = ["a", "b"]) -> NotificationResponse {
            NotificationResponse(identifier: "trip:t/place:a", actionID: action, placeIDs: places, tripID: "t")
        }
        #expect(response(NotificationCategory.navigateAction).command(at: 50) == .navigate(placeID: "a"))
        #expect(response(NotificationCategory.snoozeAction).command(at: 50) == .snooze(placeID: "a", until: 50 + 3_600))
        #expect(response(NotificationResponse.defaultAction).command(at: 50) == .openTrip(tripID: "t"))
        #expect(response(NotificationResponse.dismissAction).command(at: 50) == .none)
        #expect(response(NotificationCategory.snoozeAction, places: []).command(at: 50) == .none)
    }

    @Test("a planner notification becomes a request identified and threaded by trip and nearest place")
    func posted() {
        let note = ProximityNotification(
            id: "1000000:b", title: "2 places nearby", lines: ["B — 100 m north", "A — 300 m east"], placeIDs: ["b", "a"],
            distances: [100, 300], time: 1_000, at: Self.here, actions: [.navigate, .snooze])
        let request = PostedNotification(note, tripOf: { $0 == "b" ? "t1" : nil })
        #expect(request.identifier == "trip:t1/place:b")
        #expect(request.threadID == "trip:t1")
        #expect(request.plannerID == "1000000:b")
        #expect(request.body == "B — 100 m north\nA — 300 m east")
        #expect(request.categoryID == NotificationCategory.placeID)
        #expect(NotificationCategory.place.actions.map(\.id) == [NotificationCategory.navigateAction, NotificationCategory.snoozeAction])
    }

    @Test("the limited set keeps the refresh region and the first 19 places")
    func limited() {
        let places = (0..<30).map { MonitoredRegion(id: "place:\($0)", center: Self.here, radius: 100, notifyOnEntry: true) }
        let refresh = MonitoredRegion(id: "refresh", center: Self.here, radius: 200, notifyOnEntry: false)
        let kept = ConditionPlan.limited(places + [refresh])
        #expect(kept.count == 20)
        #expect(kept.last == refresh)
        #expect(kept.dropLast().map(\.id) == (0..<19).map { "place:\($0)" })
    }

    @Test("changes remove before they add, so applying them never passes the larger of the two sets", arguments: [0, 5, 19])
    func changes(overlap: Int) {
        let all = (0..<40).map { MonitoredRegion(id: "place:\($0)", center: Self.here, radius: 100, notifyOnEntry: true) }
        let current = Array(all[0..<20])
        let wanted = Array(all[(20 - overlap)..<(40 - overlap)])
        let changes = ConditionPlan.changes(from: current, to: wanted)
        #expect(changes.removals.count == 20 - overlap)
        #expect(changes.additions.count == 20 - overlap)
        var set = Set(current.map(\.id))
        for id in changes.removals { set.remove(id) }
        var peak = set.count
        for condition in changes.additions {
            set.insert(condition.id)
            peak = max(peak, set.count)
        }
        #expect(peak <= 20)
        #expect(set == Set(wanted.map(\.id)))
        var moved = wanted
        moved[0].radius = 999
        #expect(ConditionPlan.changes(from: wanted, to: moved) == ConditionChanges(removals: [moved[0].id], additions: [moved[0]]))
    }

    @Test("the snapshot file keeps the planner state, infinities included")
    func snapshotFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString).json")
        let store = FileTrackingSnapshotStore(url: url)
        #expect(try store.load() == nil)
        var state = PlannerState()
        state.lastFix = Self.fix
        state.snoozedUntil["a"] = 5_000
        let snapshot = TrackingSnapshot(
            planner: state, regions: [MonitoredRegion(id: "refresh", center: Self.here, radius: 200, notifyOnEntry: false)])
        try store.save(snapshot)
        #expect(try store.load() == snapshot)
        #expect(try store.load()?.planner.lastSweep == -.infinity)
    }
}
