import GeoKit

/// What wakes the planner.
public enum PlannerEvent: Sendable, Equatable, Codable {
    /// A location fix.
    case fix(LocationFix)
    /// The OS reports a monitored region crossed; `fix` is the location delivered with it, if any
    /// (on a relaunch the event can arrive before any location: the planner then asks for one).
    case region(RegionEvent, fix: LocationFix?)
    /// Motion activity changed at `time`.
    case activity(MotionActivity, time: Double)
    /// The user snoozed a place (`*` for all) until `until`.
    case snooze(placeID: String, until: Double)
}

/// A region crossing reported by the OS.
public struct RegionEvent: Sendable, Equatable, Codable {
    /// Entered or exited.
    public enum Kind: String, Sendable, Codable { case enter, exit }
    /// Which way.
    public var kind: Kind
    /// The region's id (``MonitoredRegion/id``).
    public var regionID: String
    /// When the OS saw it.
    public var time: Double

    /// Creates an event.
    public init(kind: Kind, regionID: String, time: Double) {
        self.kind = kind
        self.regionID = regionID
        self.time = time
    }
}

/// A circular region for the OS to monitor.
public struct MonitoredRegion: Sendable, Equatable, Codable {
    /// `place:<id>` or `refresh`.
    public var id: String
    /// Centre.
    public var center: Coordinate
    /// Radius, metres.
    public var radius: Double
    /// Notify on entry (places) or exit (the refresh region).
    public var notifyOnEntry: Bool

    /// The refresh region's id.
    public static let refreshID = "refresh"

    /// Creates a region (`id` as ``RegionIdentifier`` makes them).
    public init(id: String, center: Coordinate, radius: Double, notifyOnEntry: Bool) {
        self.id = id
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
    }
}

/// A notification to post.
public struct ProximityNotification: Sendable, Equatable, Codable {
    /// Deterministic id (`<fix time in ms>:<first place id>`), so a replay posts the same ids.
    public var id: String
    /// "Blue Bottle Coffee" or "3 places nearby".
    public var title: String
    /// One line per place: "Blue Bottle Coffee — 350 m northeast".
    public var lines: [String]
    /// The places announced, nearest first.
    public var placeIDs: [String]
    /// Distances from the fix, metres, in `placeIDs` order.
    public var distances: [Double]
    /// The fix time it was decided at.
    public var time: Double
    /// Where the user was.
    public var at: Coordinate
    /// Actions offered: Navigate (to the nearest place) and Snooze.
    public var actions: [Action]

    /// A notification action.
    public enum Action: String, Sendable, Codable { case navigate, snooze }
}

/// The result of one step.
public struct PlannerOutput: Sendable, Equatable {
    /// The next state (persist it).
    public var state: PlannerState
    /// Regions to monitor from now on (≤ ``PlannerConfiguration/placeRegionLimit`` places + the
    /// refresh region), or `nil`: keep monitoring what the OS already has (no usable location yet).
    public var regions: [MonitoredRegion]?
    /// Notifications to post, usually none or one.
    public var notifications: [ProximityNotification]
    /// Why a near place was not announced in this step (place id → reason), for replay reports.
    public var suppressed: [String: SuppressionReason]
    /// Whether the app should request a location now (a region event came without one).
    public var needsLocation: Bool
    /// Whether the event was ignored (older than the last fix, inaccurate, impossible speed).
    public var ignored: IgnoredReason?
}

/// What one step decided, without the next state (``ProximityPlanner/apply(_:to:)`` updates the
/// state in place).
public struct PlannerDecision: Sendable, Equatable {
    /// See ``PlannerOutput/regions``.
    public var regions: [MonitoredRegion]?
    /// See ``PlannerOutput/notifications``.
    public var notifications: [ProximityNotification]
    /// See ``PlannerOutput/suppressed``.
    public var suppressed: [String: SuppressionReason]
    /// See ``PlannerOutput/needsLocation``.
    public var needsLocation: Bool
    /// See ``PlannerOutput/ignored``.
    public var ignored: IgnoredReason?
}

/// Why a place that was near was not announced.
public enum SuppressionReason: String, Sendable, Codable {
    case closed, quietHours = "quiet_hours", outsideMealTime = "outside_meal_time", snoozed, cooldown, inactiveTrip = "inactive_trip"
}

/// Why an event was ignored.
public enum IgnoredReason: String, Sendable, Codable {
    case outOfOrder = "out_of_order", inaccurate, impossibleSpeed = "impossible_speed"
}
