import Observation
import ProximityKit

/// One planner step as the debug panel lists it.
public struct PlannerLogEntry: Sendable, Equatable, Identifiable {
    /// Sequence number (stable id).
    public var id: Int
    /// What woke the planner: "region enter place:osm:n1", "significant change", "fix", "follow-up", …
    public var source: String
    /// The event.
    public var event: PlannerEvent
    /// Planner ids of the notifications decided.
    public var notifications: [String]
    /// Places near but held back, and why.
    public var suppressed: [String: SuppressionReason]
    /// Why the event was ignored, if it was.
    public var ignored: IgnoredReason?
    /// How many regions were planned, when the step re-planned.
    public var plannedRegions: Int?
    /// Whether the planner asked for one more fix.
    public var needsLocation: Bool
}

/// The debug panel: the recent planner events, newest last, and what the OS is monitoring.
@MainActor @Observable
public final class DebugPanelModel {
    /// The recent steps (at most ``limit``), oldest first.
    public private(set) var entries: [PlannerLogEntry] = []
    /// The conditions last handed to the OS.
    public private(set) var conditions: [MonitorCondition] = []
    /// Steps recorded since launch (older ones drop out of ``entries``).
    public private(set) var totalSteps = 0
    /// How often places were held back since launch, by reason.
    public private(set) var suppressionTotals: [SuppressionReason: Int] = [:]
    /// The last reason each place was held back (place id → reason).
    public private(set) var lastSuppression: [String: SuppressionReason] = [:]
    /// How many entries are kept.
    public let limit: Int
    @ObservationIgnored private var next = 0

    /// A panel keeping `limit` entries.
    public init(limit: Int = 200) { self.limit = max(1, limit) }

    /// Records one step.
    public func record(_ step: TrackingStep, source: String) {
        entries.append(
            PlannerLogEntry(
                id: next, source: source, event: step.event, notifications: step.decision.notifications.map(\.id),
                suppressed: step.decision.suppressed, ignored: step.decision.ignored, plannedRegions: step.decision.regions?.count,
                needsLocation: step.decision.needsLocation))
        next += 1
        totalSteps += 1
        for (place, reason) in step.decision.suppressed {
            suppressionTotals[reason, default: 0] += 1
            lastSuppression[place] = reason
        }
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// Records the monitored set.
    public func monitoring(_ conditions: [MonitorCondition]) { self.conditions = conditions }

    /// Forgets the entries.
    public func clear() { entries.removeAll() }
}
