import GeoKit

/// Replays a recorded track through the planner, with the app woken either on every fix or as
/// iOS would wake it, and measures what the user would have been told.
///
/// The "OS" sees every fix of the track (the device's true positions); the app (the planner) sees
/// only the fixes it is woken with. In ``WakeupMode/ios`` it monitors the regions the planner
/// last asked for: leaving the refresh region or entering a place region wakes the app
/// ``IOSWakeupModel/regionDelay`` seconds later with the fix of that moment; significant change
/// does the same after ``IOSWakeupModel/significantDelay``. Events while a wake-up is pending
/// are coalesced into it.
public struct TrackReplay: Sendable {
    /// The planner.
    public let planner: ProximityPlanner
    /// How the app is woken.
    public var mode: WakeupMode
    /// Parameters of ``WakeupMode/ios``.
    public var ios = IOSWakeupModel()

    /// Creates a replay.
    public init(planner: ProximityPlanner, mode: WakeupMode) {
        self.planner = planner
        self.mode = mode
    }

    /// Replays `fixes` (time order) from an empty state.
    public func run(_ fixes: [LocationFix]) -> ReplayReport {
        var state = PlannerState()
        var notifications: [ReplayReport.Entry] = []
        var wakeIndices: [Int] = []
        func deliver(_ event: PlannerEvent, at index: Int) -> [MonitoredRegion]? {
            let output = planner.step(state, event)
            state = output.state
            wakeIndices.append(index)
            notifications += output.notifications.map { ReplayReport.Entry(notification: $0, fixIndex: index) }
            return output.regions
        }
        switch mode {
        case .everyFix:
            for (index, fix) in fixes.enumerated() { _ = deliver(.fix(fix), at: index) }
        case .ios:
            simulateIOS(fixes, deliver)
        }
        return ReplayReport(fixes: fixes, planner: planner, notifications: notifications, wakeIndices: wakeIndices, mode: mode)
    }

    private func simulateIOS(_ fixes: [LocationFix], _ deliver: (PlannerEvent, Int) -> [MonitoredRegion]?) {
        guard let first = fixes.first else { return }
        var monitored = deliver(.fix(first), 0) ?? []
        var lastSignificant = first
        var pending: (due: Double, event: RegionEvent?)?
        var previous = first
        for index in fixes.indices.dropFirst() {
            let fix = fixes[index]
            if let wake = pending, fix.time >= wake.due {
                pending = nil
                let event: PlannerEvent = wake.event.map { .region($0, fix: fix) } ?? .fix(fix)
                if let regions = deliver(event, index) { monitored = regions }
                if wake.event == nil { lastSignificant = fix }
            }
            guard pending == nil else {
                previous = fix
                continue
            }
            for region in monitored {
                let now = Haversine.distance(region.center, fix.coordinate)
                let before = Haversine.distance(region.center, previous.coordinate)
                if region.notifyOnEntry, now <= region.radius, before > region.radius {
                    pending = (fix.time + ios.regionDelay, RegionEvent(kind: .enter, regionID: region.id, time: fix.time))
                    break
                }
                if !region.notifyOnEntry, now > region.radius, before <= region.radius {
                    pending = (fix.time + ios.regionDelay, RegionEvent(kind: .exit, regionID: region.id, time: fix.time))
                    break
                }
            }
            if pending == nil, fix.time - lastSignificant.time >= ios.significantInterval,
                Haversine.distance(fix.coordinate, lastSignificant.coordinate) >= ios.significantDistance
            {
                pending = (fix.time + ios.significantDelay, nil)
            }
            previous = fix
        }
    }
}
