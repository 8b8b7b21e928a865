extension ProximityPlanner {
    /// Plans the regions again around the last accepted fix (after the places or trips changed,
    /// or on a relaunch), updating the state's plan; `nil` when no fix has been accepted yet.
    public func replanned(_ state: inout PlannerState) -> [MonitoredRegion]? {
        guard let fix = state.lastFix else { return nil }
        return replan(fix, &state, force: true)
    }
}
