/// Everything the planner remembers between steps (persisted by the app; `Codable`).
///
/// Only places that are near (or were announced and are inside their cooldown) have an entry,
/// so the state stays small however many places are saved.
public struct PlannerState: Sendable, Equatable, Codable {
    /// The last accepted fix (events older than it are ignored: events are ordered by fix time).
    public var lastFix: LocationFix?
    /// The latest motion activity.
    public var activity: MotionActivity = .unknown
    /// Speed between the last two accepted fixes (m/s) when they were at most 2 min apart.
    public var speed: Double?
    /// Per-place debounce state.
    public var places: [String: PlaceState] = [:]
    /// Ids of places inside their radius or announced and not yet left (the ones a step must
    /// reset when they drop out of reach).
    public var near: Set<String> = []
    /// Fix time of the last sweep of expired cooldowns and snoozes.
    public var lastSweep: Double = -.infinity
    /// Snoozed places and until when (seconds since 1970); key `*` snoozes everything.
    public var snoozedUntil: [String: Double] = [:]
    /// A region event arrived without a location (the iOS relaunch path): ask for one.
    public var awaitingLocation = false
    /// The refresh region of the last plan and the activity it was sized for: regions are planned
    /// again only when a fix leaves it or the activity changes (as the OS would wake the app).
    public var plannedRefresh: MonitoredRegion?
    /// See ``plannedRefresh``.
    public var plannedActivity: MotionActivity?

    /// An empty state (a fresh install, or a relaunch before anything is loaded).
    public init() {}
}

/// Where one place stands in the debounce.
public struct PlaceState: Sendable, Equatable, Codable {
    /// Inside the radius (not yet announced) since this time, with this many consecutive fixes.
    public var insideSince: Double?
    /// Consecutive accepted fixes inside the radius.
    public var insideFixes = 0
    /// Announced and not yet left (beyond the exit band).
    public var announcedInside = false
    /// When it was last announced.
    public var lastAnnounced: Double?

    /// A fresh state.
    public init() {}
}
