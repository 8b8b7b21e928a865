import GeoKit

extension ProximityPlanner {
    /// One notification for everything announced in a step: nearest first, "Name — 350 m northeast".
    func notify(_ announced: [(place: SavedPlace, distance: Double)], _ fix: LocationFix) -> ProximityNotification {
        let sorted = announced.sorted { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
        var lines = sorted.prefix(configuration.groupLimit).map { item in
            let bearing = Spherical.initialBearing(from: fix.coordinate, to: item.place.coordinate)
            return "\(item.place.name) — \(Compass.describe(distance: item.distance, bearing: bearing))"
        }
        if sorted.count > configuration.groupLimit { lines.append("and \(sorted.count - configuration.groupLimit) more") }
        return ProximityNotification(
            id: "\(Int64((fix.time * 1_000).rounded())):\(sorted[0].place.id)",
            title: sorted.count == 1 ? sorted[0].place.name : "\(sorted.count) places nearby", lines: lines,
            placeIDs: sorted.map(\.place.id), distances: sorted.map(\.distance), time: fix.time, at: fix.coordinate,
            actions: [.navigate, .snooze])
    }

    /// New regions when the fix has left the last plan's refresh region (or there is no plan, the
    /// activity changed, or `force`: a wake-up after a gap re-centres the plan on where the user
    /// is); `nil` (keep the OS's regions) otherwise.
    func replan(_ fix: LocationFix, _ state: inout PlannerState, force: Bool = false) -> [MonitoredRegion]? {
        if !force, let refresh = state.plannedRefresh, state.plannedActivity == Self.effectiveActivity(state),
            Haversine.distance(refresh.center, fix.coordinate) <= refresh.radius
        {
            return nil
        }
        let planned = regions(around: fix, state)
        state.plannedRefresh = planned.last
        state.plannedActivity = Self.effectiveActivity(state)
        return planned
    }

    /// The activity the refresh region is sized for: the motion coprocessor's when known, else
    /// guessed from the speed between the last two fixes (walking under 2.5 m/s, cycling under
    /// 7 m/s, driving above).
    static func effectiveActivity(_ state: PlannerState) -> MotionActivity {
        guard state.activity == .unknown, let speed = state.speed else { return state.activity }
        switch speed {
        case ..<0.3: return .stationary
        case ..<2.5: return .walking
        case ..<7: return .cycling
        default: return .automotive
        }
    }

    /// The nearest ≤ limit active places as entry regions plus the refresh region.
    func regions(around fix: LocationFix, _ state: PlannerState) -> [MonitoredRegion] {
        let limit = configuration.placeRegionLimit
        var monitored: [MonitoredRegion] = []
        var firstUnmonitoredEdge = Double.infinity
        var k = limit + 1
        while true {
            let nearest = catalog.index.nearest(to: fix.coordinate, k: k)
            monitored.removeAll(keepingCapacity: true)
            firstUnmonitoredEdge = .infinity
            for neighbour in nearest {
                let place = catalog.places[neighbour.index]
                guard let trip = catalog.activeTrip(of: place, at: fix.time) else { continue }
                if monitored.count < limit {
                    monitored.append(
                        MonitoredRegion(id: "place:\(place.id)", center: place.coordinate, radius: place.radius(in: trip), notifyOnEntry: true))
                } else {
                    firstUnmonitoredEdge = min(firstUnmonitoredEdge, neighbour.distance - place.radius(in: trip))
                    break
                }
            }
            if firstUnmonitoredEdge.isFinite || nearest.count < k { break }
            k *= 4
        }
        let sized = configuration.refreshRadius[Self.effectiveActivity(state)] ?? configuration.minimumRefreshRadius
        let wanted = lowPowerMode ? sized * configuration.lowPowerRefreshFactor : sized
        let refresh = max(configuration.minimumRefreshRadius, min(wanted, firstUnmonitoredEdge))
        monitored.append(MonitoredRegion(id: MonitoredRegion.refreshID, center: fix.coordinate, radius: refresh, notifyOnEntry: false))
        return monitored
    }
}
