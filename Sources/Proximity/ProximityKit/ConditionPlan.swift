/// The adds and removes that turn the OS's monitored set into the planned one.
public struct ConditionChanges: Sendable, Equatable {
    /// Ids to stop monitoring (applied first, so the count never passes the limit in between).
    public var removals: [String]
    /// Conditions to start monitoring (new ids, or changed centre, radius or direction).
    public var additions: [MonitorCondition]

    /// Creates changes.
    public init(removals: [String] = [], additions: [MonitorCondition] = []) {
        self.removals = removals
        self.additions = additions
    }

    /// Whether nothing changes.
    public var isEmpty: Bool { removals.isEmpty && additions.isEmpty }
}

/// Pure rules for the set of conditions handed to the OS.
public enum ConditionPlan {
    /// At most `limit` conditions: the refresh region (if any) and the first `limit - 1` places
    /// in the given order (the planner's order: nearest first). Duplicate ids keep the first.
    public static func limited(_ regions: [MonitoredRegion], limit: Int = RegionMonitorLimit.conditions) -> [MonitoredRegion] {
        var seen = Set<String>()
        let unique = regions.filter { seen.insert($0.id).inserted }
        let refresh = unique.filter { $0.id == MonitoredRegion.refreshID }.prefix(1)
        let places = unique.filter { $0.id != MonitoredRegion.refreshID }.prefix(max(0, limit - refresh.count))
        return Array(places) + refresh
    }

    /// The changes from `current` to `wanted`: removals of ids not wanted or whose condition
    /// changed, then additions of what is missing. Applying removals before additions keeps the
    /// count at or below `max(current.count, wanted.count)` at every step.
    ///
    /// - Complexity: O(n) in the two sets' sizes.
    public static func changes(from current: [MonitorCondition], to wanted: [MonitorCondition]) -> ConditionChanges {
        let wantedByID = Dictionary(wanted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let currentByID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let removals = current.filter { wantedByID[$0.id] != $0 }.map(\.id)
        let additions = wanted.filter { currentByID[$0.id] != $0 }
        var seen = Set<String>()
        return ConditionChanges(
            removals: removals.filter { seen.insert($0).inserted }, additions: additions)
    }
}
