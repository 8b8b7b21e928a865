import GeoKit

/// How precise live fixes must be.
public enum LocationAccuracy: Sendable, Equatable {
    /// The best the phone can do (GPS): on screen, and near Home where the guard's 450/550 ft
    /// boundary needs it.
    case best
    /// About ``LocationFix/maximumAccuracyMeters`` (100 m, CoreLocation's "hundred metres"):
    /// enough for a 150 m base tile (the bound is two thirds of its edge), and far cheaper, as
    /// the phone may answer from Wi-Fi and cell towers without the GPS.
    case hundredMeters
}

/// A circle whose exit wakes the app (CoreLocation region monitoring): set around Home while the
/// guard hides the device, so leaving Home turns the fixes back on where the guard needs them.
public struct HomeExitRegion: Sendable, Equatable {
    /// Home (stays on the device).
    public var center: Coordinate
    /// The guard's show radius, metres.
    public var radiusMeters: Double

    /// A circle of `radiusMeters` around `center`.
    public init(center: Coordinate, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
    }
}

/// How the phone listens for the device's position: what ``LocationPolicy`` decides and a
/// ``LocationModeControl`` applies.
public enum LocationMode: Sendable, Equatable {
    /// Continuous fixes (`CLLocationUpdate.liveUpdates`): the GPS is on.
    case liveUpdates(LocationAccuracy)
    /// No GPS: the app is woken only by significant location changes (about 500 m), visits
    /// (arrivals and departures) and, when set, the exit of a circle around Home.
    case monitoring(homeExit: HomeExitRegion?)
    /// Nothing: reporting is off or not allowed and the map is not on screen.
    case off

    /// Whether the GPS is on in this mode.
    public var isLive: Bool {
        if case .liveUpdates = self { return true }
        return false
    }
}

/// Applies a ``LocationMode`` to the device's location service (CoreLocation on the phone,
/// ``RecordingLocationModes`` in tests). Applying the mode already in force changes nothing.
public protocol LocationModeControl: Sendable {
    /// Switches the location service to `mode`.
    func apply(_ mode: LocationMode) async
}

/// Records the modes applied (consecutive duplicates dropped) and the wake-ups a test or a
/// replay counts: a fake ``LocationModeControl``.
public actor RecordingLocationModes: LocationModeControl {
    /// The modes applied, in order, without consecutive repeats.
    public private(set) var modes: [LocationMode] = []
    /// Location events delivered to the app (fixes, visits, region exits) and timer wakes.
    public private(set) var wakeUps = 0

    /// An empty record.
    public init() {}

    /// Records `mode` unless it is the one in force.
    public func apply(_ mode: LocationMode) {
        if modes.last != mode { modes.append(mode) }
    }

    /// Counts one wake-up of the app.
    public func recordWakeUp() { wakeUps += 1 }

    /// The mode in force (nil before any).
    public var current: LocationMode? { modes.last }
}

/// Whether the device is moving, from its fixes: it is still once no fix has left a circle of
/// ``radiusMeters`` around the fix that started the stay (GPS jitter does not count as motion).
public struct MotionTracker: Sendable, Equatable {
    /// A move out of this circle is motion, metres.
    public let radiusMeters: Double
    /// The fix the current stay started at.
    public private(set) var anchor: Coordinate?
    /// When the last motion was seen (the last fix outside the circle), Unix seconds.
    public private(set) var lastMotionAt: Double?

    /// A tracker with a stay circle of `radiusMeters` (default 50 m: more than GPS jitter,
    /// less than a third of a base tile).
    public init(radiusMeters: Double = 50) { self.radiusMeters = radiusMeters }

    /// Feeds a fix at `time`, Unix seconds.
    public mutating func observe(_ fix: Coordinate, at time: Double) {
        guard let anchor else {
            anchor = fix
            lastMotionAt = time
            return
        }
        if Haversine.distance(anchor, fix) > radiusMeters {
            self.anchor = fix
            lastMotionAt = time
        }
    }

    /// Seconds without motion at `now` (nil before any fix: unknown).
    public func stillSeconds(at now: Double) -> Double? {
        lastMotionAt.map { max(0, now - $0) }
    }
}

/// Decides how Tidepool listens for the position (a pure function of the situation): the GPS
/// only while it can change a report, radio-only wake-ups otherwise.
///
/// * On screen with the map: live, best accuracy.
/// * Reporting off or not allowed: ``LocationMode/off``.
/// * A report due in the current epoch (a token not spent yet) and the device moving: live.
/// * The next report's moment within ``Configuration/momentLeadSeconds``, or passed and the
///   report still unsent: live, so the report names the same tile as with the GPS on all day
///   (the last fix before the moment), unless the device sits hidden at Home (nothing can be
///   sent from there; leaving wakes the app through the Home exit region).
/// * Otherwise (no report due, or still for ``Configuration/backOffSeconds``): significant-change
///   and visit monitoring, with the Home exit region while the guard hides the device.
///
/// Live fixes outside the foreground use ``LocationAccuracy/hundredMeters`` except within
/// ``LocationFix/maximumAccuracyMeters`` of the guard's show radius, where a vague fix could
/// sit inside the guard while claiming to be outside it.
public struct LocationPolicy: Sendable, Equatable {
    /// Thresholds of the policy.
    public struct Configuration: Sendable, Equatable {
        /// Live updates stop after this many seconds without motion (the back-off).
        public var backOffSeconds: Double = 180
        /// Live updates start this many seconds before a report's moment.
        public var momentLeadSeconds: Double = 120

        /// The defaults above.
        public init() {}
    }

    /// What the policy decides from.
    public struct Situation: Sendable, Equatable {
        /// Foreground or background.
        public var appState: AppState
        /// Whether the map is on screen (foreground only).
        public var mapOnScreen: Bool
        /// Whether reports may go out at all (the switch, the permission, a Home).
        public var reportingAllowed: Bool
        /// Now, Unix seconds.
        public var now: Double
        /// Whether the current epoch holds a token not spent yet.
        public var reportDueThisEpoch: Bool
        /// The moment of the next unspent token (this epoch's or a later planned epoch's), Unix
        /// seconds, or nil when none is held.
        public var nextReportMoment: Double?
        /// Seconds without motion (``MotionTracker``), nil when unknown.
        public var stillSeconds: Double?
        /// Whether the home guard hides the device.
        public var hidden: Bool
        /// Home, when set.
        public var home: Coordinate?
        /// Distance of the last fix from Home, metres (nil: unknown).
        public var distanceFromHome: Double?

        /// A situation; see the properties.
        public init(
            appState: AppState, mapOnScreen: Bool = false, reportingAllowed: Bool, now: Double,
            reportDueThisEpoch: Bool, nextReportMoment: Double?, stillSeconds: Double?, hidden: Bool,
            home: Coordinate?, distanceFromHome: Double?
        ) {
            self.appState = appState
            self.mapOnScreen = mapOnScreen
            self.reportingAllowed = reportingAllowed
            self.now = now
            self.reportDueThisEpoch = reportDueThisEpoch
            self.nextReportMoment = nextReportMoment
            self.stillSeconds = stillSeconds
            self.hidden = hidden
            self.home = home
            self.distanceFromHome = distanceFromHome
        }
    }

    /// The thresholds.
    public let configuration: Configuration
    /// The guard's distances (the Home exit region and where accuracy must stay best).
    public let homeGuard: HomeGuard.Configuration

    /// A policy with `configuration` for a guard configured as `homeGuard`.
    public init(configuration: Configuration = Configuration(), homeGuard: HomeGuard.Configuration = .init()) {
        self.configuration = configuration
        self.homeGuard = homeGuard
    }

    /// The mode for `situation`.
    public func mode(for situation: Situation) -> LocationMode {
        if situation.appState == .foreground, situation.mapOnScreen { return .liveUpdates(.best) }
        guard situation.reportingAllowed else { return .off }
        let moving = situation.stillSeconds.map { $0 < configuration.backOffSeconds } ?? true
        let atHome = situation.hidden && !moving
        let nearMoment =
            situation.nextReportMoment.map { situation.now >= $0 - configuration.momentLeadSeconds } ?? false
        if (situation.reportDueThisEpoch && moving) || (nearMoment && !atHome) {
            return .liveUpdates(accuracy(for: situation))
        }
        let exit = situation.hidden ? situation.home.map {
            HomeExitRegion(center: $0, radiusMeters: homeGuard.showAboveMeters)
        } : nil
        return .monitoring(homeExit: exit)
    }

    /// Best on screen or near the guard's boundary; a hundred metres elsewhere.
    func accuracy(for situation: Situation) -> LocationAccuracy {
        guard situation.appState == .background, let distance = situation.distanceFromHome,
            distance > homeGuard.showAboveMeters + LocationFix.maximumAccuracyMeters
        else { return .best }
        return .hundredMeters
    }
}
