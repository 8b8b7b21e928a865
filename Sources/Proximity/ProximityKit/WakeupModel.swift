/// When the app gets to run during a replay.
public enum WakeupMode: String, Sendable, Codable, CaseIterable {
    /// Every fix reaches the planner (an app in the foreground, or continuous background updates).
    case everyFix = "every-fix"
    /// What iOS does for a battery-first app: wake on exiting the refresh region or entering a
    /// monitored place region, and on significant change (≥ 500 m and ≥ 5 min apart), each after a
    /// delivery delay; nothing in between.
    case ios
}

/// The iOS wake-up parameters (see `docs/proximity.md` for their sources).
public struct IOSWakeupModel: Sendable, Equatable, Codable {
    /// Region events reach the app this many seconds after the crossing.
    public var regionDelay = 15.0
    /// Significant-change updates need this much movement…
    public var significantDistance = 500.0
    /// …and at least this many seconds since the last one.
    public var significantInterval = 300.0
    /// Significant-change updates reach the app this many seconds late.
    public var significantDelay = 60.0
    /// A follow-up location requested after a region wake-up arrives this many seconds later…
    public var followUpDelay = 10.0
    /// …at most this many times in a row.
    public var followUpLimit = 3

    /// The defaults.
    public init() {}
}
