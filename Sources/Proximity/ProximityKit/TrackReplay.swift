import GeoKit

/// Replays a recorded track through the planner, with the app woken either on every fix or as
/// iOS would wake it, and measures what the user would have been told.
///
/// The "OS" sees every fix of the track (the device's true positions); the app (the planner) sees
/// only the fixes it is woken with. In ``WakeupMode/ios`` it monitors the regions the planner
/// last asked for: leaving the refresh region or entering a place region wakes the app
/// ``IOSWakeupModel/regionDelay`` seconds later with the fix of that moment; significant change
/// does the same after ``IOSWakeupModel/significantDelay``. Events while a wake-up is pending
/// are coalesced into it. When the planner asks for a location after a place-region wake-up
/// (`needsLocation`), one more fix is delivered ``IOSWakeupModel/followUpDelay`` later, at most
/// ``IOSWakeupModel/followUpLimit`` times in a row (iOS's `requestLocation` in the background
/// time a region event grants).
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
        var replans = 0
        func deliver(_ event: PlannerEvent, at index: Int) -> (regions: [MonitoredRegion]?, needsLocation: Bool) {
            let output = planner.apply(event, to: &state)
            wakeIndices.append(index)
            if output.regions != nil { replans += 1 }
            notifications += output.notifications.map { ReplayReport.Entry(notification: $0, fixIndex: index) }
            return (output.regions, output.needsLocation)
        }
        switch mode {
        case .everyFix:
            for (index, fix) in fixes.enumerated() { _ = deliver(.fix(fix), at: index) }
        case .ios:
            simulateIOS(fixes, deliver)
        }
        var report = ReplayReport(fixes: fixes, planner: planner, notifications: notifications, wakeIndices: wakeIndices, mode: mode)
        report.replans = replans
        return report
    }

    private enum Wake {
        case region(RegionEvent)
        case significantChange
        case followUp
    }

    private func simulateIOS(_ fixes: [LocationFix], _ deliver: (PlannerEvent, Int) -> (regions: [MonitoredRegion]?, needsLocation: Bool)) {
        guard let first = fixes.first else { return }
        var monitored = deliver(.fix(first), 0).regions ?? []
        var lastSignificant = first
        var pending: (due: Double, wake: Wake)?
        var previous = first
        var followUps = 0
        for index in fixes.indices.dropFirst() {
            let fix = fixes[index]
            if let wake = pending, fix.time >= wake.due {
                pending = nil
                let event: PlannerEvent
                switch wake.wake {
                case .region(let region): event = .region(region, fix: fix)
                case .significantChange, .followUp: event = .fix(fix)
                }
                let output = deliver(event, index)
                if let regions = output.regions { monitored = regions }
                if case .significantChange = wake.wake { lastSignificant = fix }
                if case .followUp = wake.wake { followUps += 1 } else { followUps = 0 }
                if output.needsLocation, followUps < ios.followUpLimit {
                    pending = (fix.time + ios.followUpDelay, .followUp)
                }
            }
            guard pending == nil else {
                previous = fix
                continue
            }
            for region in monitored {
                let now = Haversine.distance(region.center, fix.coordinate)
                let before = Haversine.distance(region.center, previous.coordinate)
                if region.notifyOnEntry, now <= region.radius, before > region.radius {
                    pending = (fix.time + ios.regionDelay, .region(RegionEvent(kind: .enter, regionID: region.id, time: fix.time)))
                    break
                }
                if !region.notifyOnEntry, now > region.radius, before <= region.radius {
                    pending = (fix.time + ios.regionDelay, .region(RegionEvent(kind: .exit, regionID: region.id, time: fix.time)))
                    break
                }
            }
            if pending == nil, fix.time - lastSignificant.time >= ios.significantInterval,
                Haversine.distance(fix.coordinate, lastSignificant.coordinate) >= ios.significantDistance
            {
                pending = (fix.time + ios.significantDelay, .significantChange)
            }
            previous = fix
        }
    }
}
