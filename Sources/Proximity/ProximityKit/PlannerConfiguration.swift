/// The planner's tunables. Defaults follow the design note (`../shared/design/proximity.md`).
public struct PlannerConfiguration: Sendable, Equatable, Codable {
    /// Regions for places the OS may monitor besides the refresh region (iOS allows 20 in all).
    public var placeRegionLimit = 19
    /// Fixes less accurate than this are ignored, metres.
    public var maximumAccuracy = 100.0
    /// Fixes implying a faster move from the previous one are ignored, metres per second (~360 km/h).
    public var maximumSpeed = 100.0
    /// Consecutive fixes inside a radius needed before "near" (dwell)…
    public var dwellFixes = 2
    /// …or seconds inside.
    public var dwellSeconds = 20.0
    /// A fix after a gap this long (a sparse wake-up) confirms on its own: no second fix may come.
    public var sparseGap = 60.0
    /// The exit band beyond the radius before a place counts as left: max(this, ``exitBandFraction`` × radius).
    public var exitBand = 50.0
    /// See ``exitBand``.
    public var exitBandFraction = 0.2
    /// Seconds after an announcement before the same place may be announced again.
    public var cooldown = 6 * 3_600.0
    /// At most this many places named in one grouped notification.
    public var groupLimit = 5
    /// Refresh-region radius per activity, metres (larger when moving fast).
    public var refreshRadius: [MotionActivity: Double] = [
        .stationary: 150, .walking: 200, .running: 300, .cycling: 500, .automotive: 1_500, .unknown: 300,
    ]
    /// Under Low Power Mode (``ProximityPlanner/lowPowerMode``) the refresh region is this many
    /// times larger (still never reaching past the edge of the nearest unmonitored place), so the
    /// app is woken to re-plan less often: the seed's "increase region radius … when in Low Power Mode".
    public var lowPowerRefreshFactor = 3.0
    /// Smallest refresh region, metres (iOS does not deliver reliably below ~100 m).
    public var minimumRefreshRadius = 100.0
    /// Category ids announced only inside these local windows (minutes after midnight); others any time.
    public var mealWindows: [String: [QuietHours]] = [
        "restaurant": [QuietHours(start: 11 * 60, end: 14 * 60 + 30), QuietHours(start: 17 * 60 + 30, end: 22 * 60)],
        "fast_food": [QuietHours(start: 11 * 60, end: 22 * 60)],
        "food_court": [QuietHours(start: 11 * 60, end: 21 * 60)],
        "cafe": [QuietHours(start: 7 * 60, end: 18 * 60)],
        "bar": [QuietHours(start: 16 * 60, end: 2 * 60)],
        "pub": [QuietHours(start: 16 * 60, end: 2 * 60)],
    ]

    /// The defaults.
    public init() {}

    /// The exit band for a radius.
    public func band(for radius: Double) -> Double { max(exitBand, exitBandFraction * radius) }
}
