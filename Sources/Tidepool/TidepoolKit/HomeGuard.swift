import GeoKit

/// Hides the device's presence near Home, on the device; Home never leaves it.
///
/// Hidden when within 500 ft (152.4 m) of Home, with hysteresis so GPS jitter around the
/// boundary cannot flicker: a visible device becomes hidden as soon as a fix is closer than
/// ``Configuration/hideBelowMeters`` (450 ft); a hidden one becomes visible again only after
/// fixes have stayed beyond ``Configuration/showAboveMeters`` (550 ft) for at least
/// ``Configuration/dwellFixes`` consecutive fixes **and** ``Configuration/dwellSeconds``.
/// Any fix inside the show radius restarts the dwell. It starts hidden.
public struct HomeGuard: Sendable, Equatable {
    /// Distances and dwell of the guard.
    public struct Configuration: Sendable, Equatable {
        /// Nominal privacy radius: 500 ft.
        public var radiusMeters: Double = 152.4
        /// Become hidden below this distance: 450 ft.
        public var hideBelowMeters: Double = 137.16
        /// Become visible only beyond this distance: 550 ft.
        public var showAboveMeters: Double = 167.64
        /// Consecutive fixes beyond ``showAboveMeters`` needed to become visible.
        public var dwellFixes: Int = 2
        /// Seconds the device must stay beyond ``showAboveMeters`` to become visible.
        public var dwellSeconds: Double = 60

        /// The defaults above.
        public init() {}
    }

    /// Home, as the user set it.
    public let home: Coordinate
    /// The distances and dwell.
    public let configuration: Configuration
    /// Whether presence is currently hidden.
    public private(set) var isHidden = true
    /// Fixes beyond the show radius since the last one inside it.
    private var outsideFixes = 0
    /// Time of the first of those fixes.
    private var outsideSince: Double?

    /// Creates a guard around `home`; it starts hidden.
    public init(home: Coordinate, configuration: Configuration = Configuration()) {
        self.home = home
        self.configuration = configuration
    }

    /// Feeds one fix taken at `time` (seconds, any monotonic origin) and returns whether
    /// presence is hidden after it.
    /// - Complexity: O(1): one haversine distance.
    @discardableResult
    public mutating func update(fix: Coordinate, at time: Double) -> Bool {
        let distance = Haversine.distance(home, fix)
        if distance < configuration.hideBelowMeters {
            isHidden = true
        }
        if distance > configuration.showAboveMeters {
            if outsideSince == nil { outsideSince = time }
            outsideFixes += 1
            if isHidden, outsideFixes >= configuration.dwellFixes,
                let since = outsideSince, time - since >= configuration.dwellSeconds
            {
                isHidden = false
            }
        } else {
            outsideFixes = 0
            outsideSince = nil
        }
        return isHidden
    }

    /// Distance from Home to `fix`, metres (for the own-ring rule; stays on the device).
    public func distanceFromHome(_ fix: Coordinate) -> Double {
        Haversine.distance(home, fix)
    }
}
