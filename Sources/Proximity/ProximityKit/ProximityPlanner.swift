import Foundation
import GeoKit

/// The region planner: a pure, deterministic state machine from (state, event) to (regions to
/// monitor, notifications to post, next state). No clock, no randomness, no I/O.
///
/// Per accepted fix (ordered by time, accurate enough, not an impossible jump):
/// 1. **The path, not the point.** Places are tested against the segment from the previous fix
///    (if it is at most ``maximumSegmentGap`` old) to this one, so a sparse wake-up that jumps past
///    a radius still counts ("crossed", as Traccar does).
/// 2. **Debounce.** A place is inside when the fix's accuracy circle lies within its radius. It is confirmed after ``PlannerConfiguration/dwellFixes``
///    consecutive fixes or ``PlannerConfiguration/dwellSeconds`` inside — at once when the fix
///    came after a sparse gap, with an OS region entry for it, or on a crossing. It counts as left
///    only beyond the exit band (hysteresis), and is not announced again within the cooldown.
/// 3. **Context.** Only places of active trips (switched on, within their dates); nothing in quiet
///    hours; not when closed per opening hours (unknown hours do not block); meal categories only
///    in their windows; not while snoozed. A blocked place is re-checked on the next fix while it
///    stays inside.
/// 4. **Grouping.** Everything confirmed in one step becomes one notification, nearest first.
/// 5. **Regions.** The nearest ≤ 19 active places as entry regions, plus one refresh region around
///    the fix sized by activity and never reaching past the edge of the nearest unmonitored place —
///    planned again when a fix leaves the refresh region, arrives after a gap (a wake-up: the plan
///    is re-centred) or the activity changes (else `regions` is `nil`: keep what the OS monitors).
///
/// Idempotent: an event at or before the last accepted fix is ignored, so replaying the same
/// fixes never posts a notification twice.
public struct ProximityPlanner: Sendable {
    /// The places and trips.
    public let catalog: PlaceCatalog
    /// Tunables.
    public var configuration: PlannerConfiguration
    /// Low Power Mode: the refresh region is ``PlannerConfiguration/lowPowerRefreshFactor`` times
    /// larger (fewer wake-ups to re-plan); place regions and the cap at the nearest unmonitored
    /// place are unchanged, so no reachable place goes unwatched.
    public var lowPowerMode = false
    /// Beyond this gap the straight segment between fixes says nothing about the route: only the
    /// new point is tested.
    public var maximumSegmentGap = 30 * 60.0

    /// Creates a planner.
    public init(catalog: PlaceCatalog, configuration: PlannerConfiguration = PlannerConfiguration()) {
        self.catalog = catalog
        self.configuration = configuration
    }

    /// One step.
    public func step(_ state: PlannerState, _ event: PlannerEvent) -> PlannerOutput {
        var next = state
        let decision = apply(event, to: &next)
        return PlannerOutput(
            state: next, regions: decision.regions, notifications: decision.notifications, suppressed: decision.suppressed,
            needsLocation: decision.needsLocation, ignored: decision.ignored)
    }

    /// ``step(_:_:)`` updating `state` in place (no copy of its tables: for replays and apps that
    /// own their state).
    public func apply(_ event: PlannerEvent, to state: inout PlannerState) -> PlannerDecision {
        switch event {
        case .fix(let fix):
            return process(fix, confirming: nil, &state)
        case .region(let region, let fix?):
            let place = region.kind == .enter && region.regionID.hasPrefix("place:") ? String(region.regionID.dropFirst(6)) : nil
            return process(fix, confirming: place, &state)
        case .region(_, nil):
            state.awaitingLocation = true
            return PlannerDecision(
                regions: nil, notifications: [], suppressed: [:], needsLocation: true, ignored: nil)
        case .activity(let activity, _):
            state.activity = activity
            var planned: [MonitoredRegion]?
            if let fix = state.lastFix { planned = replan(fix, &state) }
            return PlannerDecision(
                regions: planned, notifications: [], suppressed: [:], needsLocation: state.awaitingLocation,
                ignored: nil)
        case .snooze(let placeID, let until):
            state.snoozedUntil[placeID] = max(state.snoozedUntil[placeID] ?? until, until)
            return PlannerDecision(
                regions: nil, notifications: [], suppressed: [:], needsLocation: state.awaitingLocation, ignored: nil)
        }
    }

    private func ignored(_ state: PlannerState, _ reason: IgnoredReason) -> PlannerDecision {
        PlannerDecision(regions: nil, notifications: [], suppressed: [:], needsLocation: state.awaitingLocation, ignored: reason)
    }

    private func process(_ fix: LocationFix, confirming confirmedPlace: String?, _ state: inout PlannerState) -> PlannerDecision {
        let last = state.lastFix
        if let last, fix.time <= last.time { return ignored(state, .outOfOrder) }
        guard fix.accuracy >= 0, fix.accuracy <= configuration.maximumAccuracy, fix.time.isFinite else {
            return ignored(state, .inaccurate)
        }
        if let last, Haversine.distance(last.coordinate, fix.coordinate) / (fix.time - last.time) > configuration.maximumSpeed {
            return ignored(state, .impossibleSpeed)
        }
        state.awaitingLocation = false
        // Speed over the last stretch (when it is recent enough to mean something), for sizing
        // the refresh region when the motion activity is unknown.
        if let last, fix.time - last.time <= 120 {
            state.speed = Haversine.distance(last.coordinate, fix.coordinate) / (fix.time - last.time)
        } else {
            state.speed = nil
        }
        let segmentStart = last.flatMap { fix.time - $0.time <= maximumSegmentGap ? $0.coordinate : nil }
        let sparse = last.map { fix.time - $0.time >= configuration.sparseGap } ?? true

        var announced: [(place: SavedPlace, distance: Double)] = []
        var suppressed: [String: SuppressionReason] = [:]
        var seen = Set<String>()
        for index in candidates(fix.coordinate, from: segmentStart) {
            let place = catalog.places[index]
            guard let trip = catalog.activeTrip(of: place, at: fix.time) else { continue }
            seen.insert(place.id)
            let radius = place.radius(in: trip)
            let now = Haversine.distance(fix.coordinate, place.coordinate)
            var entry = state.places[place.id] ?? PlaceState()
            defer {
                if entry.insideFixes > 0 || entry.announcedInside {
                    state.near.insert(place.id)
                } else {
                    state.near.remove(place.id)
                }
                if entry != PlaceState() || state.places[place.id] != nil { state.places[place.id] = entry }
            }
            if entry.announcedInside {
                if now > radius + configuration.band(for: radius) { entry.announcedInside = false }
                continue
            }
            // Inside means confidently inside: the fix's accuracy circle lies within the radius
            // (an outlier reported 40 m inside with 50 m accuracy does not count).
            let inside = now + fix.accuracy <= radius
            var crossed = false
            if let start = segmentStart, let last, !inside, Haversine.distance(start, place.coordinate) > radius {
                let margin = max(fix.accuracy, last.accuracy)
                crossed = Spherical.distance(from: place.coordinate, toSegment: start, fix.coordinate) + margin <= radius
            }
            if inside {
                entry.insideFixes += 1
                entry.insideSince = entry.insideSince ?? fix.time
            } else {
                entry.insideFixes = 0
                entry.insideSince = nil
            }
            let dwelt = inside && (entry.insideFixes >= configuration.dwellFixes
                || fix.time - (entry.insideSince ?? fix.time) >= configuration.dwellSeconds || sparse || confirmedPlace == place.id)
            guard crossed || dwelt else { continue }
            if let reason = blocker(place, trip, entry, fix.time, snoozed: state.snoozedUntil) {
                suppressed[place.id] = reason
                if reason == .cooldown { entry.announcedInside = inside }
                continue
            }
            entry.announcedInside = inside
            entry.lastAnnounced = fix.time
            entry.insideFixes = 0
            entry.insideSince = nil
            announced.append((place, now))
        }
        prune(&state, keeping: seen, at: fix.time)
        state.lastFix = fix
        let notification = announced.isEmpty ? [] : [notify(announced, fix)]
        // A place is inside but not yet confirmed (the dwell wants another fix): ask for one more
        // fix (iOS: requestLocation in the wake-up's background time) rather than wait for the
        // next region event, which will not come while the user stays inside the region.
        let followUp = state.near.contains { id in
            state.places[id].map { $0.insideFixes > 0 && !$0.announcedInside } == true && suppressed[id] == nil
        }
        return PlannerDecision(
                regions: replan(fix, &state, force: sparse), notifications: notification, suppressed: suppressed,
            needsLocation: followUp, ignored: nil)
    }

    /// Indices of places that may be within reach of the segment (or point).
    private func candidates(_ point: Coordinate, from start: Coordinate?) -> [Int] {
        let reach = catalog.maximumRadius + configuration.band(for: catalog.maximumRadius) + 1
        guard let start, start != point else {
            return ((try? catalog.index.within(radius: reach, of: point)) ?? []).map(\.index)
        }
        let length = Haversine.distance(start, point)
        let bearing = Spherical.initialBearing(from: start, to: point)
        let middle = (try? Spherical.destination(from: start, bearing: bearing, distance: length / 2)) ?? point
        return ((try? catalog.index.within(radius: length / 2 + reach, of: middle)) ?? []).map(\.index)
    }

    /// Why a confirmed place must not be announced now, or nil.
    func blocker(
        _ place: SavedPlace, _ trip: Trip, _ entry: PlaceState, _ time: Double, snoozed: [String: Double]
    ) -> SuppressionReason? {
        if let last = entry.lastAnnounced, time - last < configuration.cooldown { return .cooldown }
        if max(snoozed[place.id] ?? 0, snoozed["*"] ?? 0) > time { return .snoozed }
        let minute = catalog.localMinute(time, tripID: trip.id)
        if trip.quietHours?.contains(minute) == true { return .quietHours }
        if let category = place.category, let windows = configuration.mealWindows[category], !windows.contains(where: { $0.contains(minute) }) {
            return .outsideMealTime
        }
        if place.openingHours?.isOpen(at: Date(timeIntervalSince1970: time), in: catalog.zone(of: trip.id)) == false { return .closed }
        return nil
    }

    /// Resets places that were near and are now out of reach, and (at most once an hour of fix
    /// time) forgets announcements older than the cooldown and expired snoozes. Touches only the
    /// few places that were near, not every place in its cooldown: O(near) per step.
    private func prune(_ state: inout PlannerState, keeping seen: Set<String>, at time: Double) {
        for id in state.near where !seen.contains(id) {
            state.near.remove(id)
            guard var entry = state.places[id] else { continue }
            entry.announcedInside = false
            entry.insideFixes = 0
            entry.insideSince = nil
            state.places[id] = entry.lastAnnounced.map { time - $0 < configuration.cooldown } == true ? entry : nil
        }
        guard time - state.lastSweep >= 3_600 else { return }
        state.lastSweep = time
        for (id, entry) in state.places where !state.near.contains(id) {
            if entry.lastAnnounced.map({ time - $0 >= configuration.cooldown }) ?? true { state.places[id] = nil }
        }
        for (id, until) in state.snoozedUntil where until <= time { state.snoozedUntil[id] = nil }
    }
}
