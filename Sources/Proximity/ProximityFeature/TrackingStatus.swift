import ProximityKit

/// What the tracking status bar shows.
public struct TrackingStatus: Sendable, Equatable {
    /// The location permission.
    public var permission: LocationAuthorization
    /// What that permission means and loses (``ProximityCopy/permission(_:)``).
    public var permissionSummary: String
    /// Whether the app may ask for Always (not asked yet, or When In Use: iOS's one upgrade prompt).
    public var canRequestAlways: Bool
    /// Places the OS is watching now (conditions other than the refresh region).
    public var monitoredPlaceIDs: Set<String>
    /// Places of trips that are on and within their dates now.
    public var totalPlaces: Int
    /// The refresh region the OS is watching, if any.
    public var refreshRegion: MonitoredRegion?
    /// The last fix the planner accepted.
    public var lastFix: LocationFix?
    /// Seconds since ``lastFix`` when the status was computed.
    public var lastFixAge: Double?
    /// Whether the planner wants one more fix now (a place is inside but not yet confirmed).
    public var wantsLocation: Bool
    /// Whether posting notifications works (false after the poster refused).
    public var notificationsAllowed: Bool
    /// Snoozed place ids (`*` = all) and until when, seconds since 1970 (only those not yet over).
    public var snoozedUntil: [String: Double]

    /// What Low Power Mode changes (``ProximityCopy/lowPower(in:)``) while it is on, else `nil`.
    public var lowPowerSummary: String?

    /// Places watched now.
    public var monitoredPlaces: Int { monitoredPlaceIDs.count }

    /// The status before anything is loaded.
    public static let initial = TrackingStatus(
        permission: .notDetermined, permissionSummary: ProximityCopy.permission(.notDetermined), canRequestAlways: true,
        monitoredPlaceIDs: [], totalPlaces: 0, refreshRegion: nil, lastFix: nil, lastFixAge: nil, wantsLocation: false,
        notificationsAllowed: true, snoozedUntil: [:], lowPowerSummary: nil)
}

/// What a person can do about ``TrackingModel/lastError``.
public enum TrackingFix: Sendable, Equatable {
    /// Nothing to do here (the message says what happened).
    case none
    /// Location Services or the app's location permission, in Settings.
    case openLocationSettings
    /// The app's notification settings.
    case openNotificationSettings
}
