/// What one engine step decided: the planner's decision and whether the monitored set changed.
public struct TrackingStep: Sendable, Equatable {
    /// The event the planner saw.
    public var event: PlannerEvent
    /// The planner's decision.
    public var decision: PlannerDecision
    /// Whether ``TrackingEngine/conditions`` changed (the monitor must be updated).
    public var conditionsChanged: Bool
}

/// The tracking engine between device events and the planner: it owns the planner state and the
/// planned regions, keeps the monitored set within 20 conditions (the nearest ≤ 19 places and
/// the refresh region, re-selected whenever the planner re-plans: on leaving the refresh region,
/// a wake-up after a gap such as a significant change, or a new activity), and knows what the
/// location permission allows. A plain value: no clock, no devices; the feature model applies
/// its ``conditions`` to a ``RegionMonitor`` and posts its notifications.
public struct TrackingEngine: Sendable {
    /// The planner (its catalog: every trip and place).
    public private(set) var planner: ProximityPlanner
    /// The planner's state.
    public private(set) var state: PlannerState
    /// The regions the planner last asked for (refresh region last), whatever the permission.
    public private(set) var regions: [MonitoredRegion]
    /// The location permission.
    public private(set) var authorization: LocationAuthorization

    /// An engine over `planner`, restored from `snapshot` (a relaunch) or fresh.
    public init(planner: ProximityPlanner, snapshot: TrackingSnapshot? = nil, authorization: LocationAuthorization) {
        self.planner = planner
        state = snapshot?.planner ?? PlannerState()
        regions = ConditionPlan.limited(snapshot?.regions ?? [], limit: planner.configuration.placeRegionLimit + 1)
        self.authorization = authorization
    }

    /// What to persist after each step.
    public var snapshot: TrackingSnapshot { TrackingSnapshot(planner: state, regions: regions) }

    /// The conditions the OS should monitor now: the planned regions under Always permission,
    /// nothing otherwise (iOS would not wake the app for them). Never more than 20.
    public var conditions: [MonitorCondition] {
        authorization.allowsBackgroundWakeUps ? ConditionPlan.limited(regions) : []
    }

    /// Whether significant-change wake-ups should run (Always only).
    public var wantsSignificantChanges: Bool { authorization.allowsBackgroundWakeUps }

    /// The refresh region planned, if any.
    public var refreshRegion: MonitoredRegion? { regions.first { $0.id == MonitoredRegion.refreshID } }

    /// Feeds one event to the planner; re-selects the monitored set when it re-plans.
    public mutating func handle(_ event: PlannerEvent) -> TrackingStep {
        let before = conditions
        let decision = planner.apply(event, to: &state)
        if let planned = decision.regions { regions = ConditionPlan.limited(planned, limit: planner.configuration.placeRegionLimit + 1) }
        return TrackingStep(event: event, decision: decision, conditionsChanged: conditions != before)
    }

    /// Replaces the trips and places (the user edited them); re-plans around the last fix.
    /// - Returns: whether ``conditions`` changed.
    @discardableResult
    public mutating func replace(catalog: PlaceCatalog) -> Bool {
        let before = conditions
        let lowPowerMode = planner.lowPowerMode
        planner = ProximityPlanner(catalog: catalog, configuration: planner.configuration)
        planner.lowPowerMode = lowPowerMode
        if let planned = planner.replanned(&state) {
            regions = ConditionPlan.limited(planned, limit: planner.configuration.placeRegionLimit + 1)
        } else {
            regions = []
        }
        return conditions != before
    }

    /// Whether the planner plans for Low Power Mode (a larger refresh region).
    public var lowPowerMode: Bool { planner.lowPowerMode }

    /// Low Power Mode was switched: the planner sizes the refresh region for it and re-plans
    /// around the last fix at once (the region the OS watches grows or shrinks now, not at the
    /// next wake-up). - Returns: whether ``conditions`` changed.
    @discardableResult
    public mutating func setLowPowerMode(_ on: Bool) -> Bool {
        guard planner.lowPowerMode != on else { return false }
        let before = conditions
        planner.lowPowerMode = on
        if let planned = planner.replanned(&state) {
            regions = ConditionPlan.limited(planned, limit: planner.configuration.placeRegionLimit + 1)
        }
        return conditions != before
    }

    /// The permission changed. - Returns: whether ``conditions`` changed.
    @discardableResult
    public mutating func authorize(_ authorization: LocationAuthorization) -> Bool {
        let before = conditions
        self.authorization = authorization
        return conditions != before
    }
}
