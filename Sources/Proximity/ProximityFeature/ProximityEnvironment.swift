import Foundation
import PlaceKit
import ProximityKit
import ProximityStore

/// Everything Proximity's models need from the device and the disk, injected once by the app's
/// composition root (CoreLocation, UserNotifications and MapKit adapters) or by a test (fakes).
///
/// Time comes from ``now``, never from `Date()` inside a model.
public struct ProximityEnvironment: Sendable {
    /// Trips and saved places (SQLite).
    public var trips: TripService
    /// Place search for "add a place" (Apple Maps on the phone, a fixed list in tests).
    public var search: any PlacesSearchService
    /// Region monitoring (at most 20 conditions).
    public var monitor: any RegionMonitor
    /// Significant-change wake-ups.
    public var significantChanges: any SignificantChangeSource
    /// One location now (after a region wake-up, or for the status bar).
    public var locator: any OneShotLocator
    /// Walking vs driving.
    public var motion: any MotionActivitySource
    /// Local notifications.
    public var poster: any NotificationPoster
    /// Location permission.
    public var authorizer: any LocationAuthorizer
    /// The planner state and monitored set across launches.
    public var snapshots: any TrackingSnapshotStore
    /// Navigate: opens Maps.
    public var maps: any MapItemOpener
    /// Names a dropped pin (reverse geocoding).
    public var geocoder: any ReverseGeocoder
    /// Low Power Mode (a larger refresh region while it is on).
    public var power: any PowerStateSource
    /// The planner's tunables.
    public var configuration: PlannerConfiguration
    /// The clock.
    public var now: @Sendable () -> Date

    /// Creates an environment. `power` defaults to a phone never in Low Power Mode (tests that
    /// do not care); the app passes the system's.
    public init(
        trips: TripService, search: any PlacesSearchService, monitor: any RegionMonitor,
        significantChanges: any SignificantChangeSource, locator: any OneShotLocator, motion: any MotionActivitySource,
        poster: any NotificationPoster, authorizer: any LocationAuthorizer, snapshots: any TrackingSnapshotStore,
        maps: any MapItemOpener, geocoder: any ReverseGeocoder, power: any PowerStateSource = InMemoryPowerState(),
        configuration: PlannerConfiguration = PlannerConfiguration(),
        now: @escaping @Sendable () -> Date
    ) {
        self.trips = trips
        self.search = search
        self.monitor = monitor
        self.significantChanges = significantChanges
        self.locator = locator
        self.motion = motion
        self.poster = poster
        self.authorizer = authorizer
        self.snapshots = snapshots
        self.maps = maps
        self.geocoder = geocoder
        self.power = power
        self.configuration = configuration
        self.now = now
    }

    /// The clock as seconds since 1970 (the planner's time).
    var time: Double { now().timeIntervalSince1970 }

    /// The latency notice for an alert radius: what the refresh region iOS watches when walking
    /// leaves of it (``ProximityCopy/latency(radius:refreshRadius:)``).
    func latencyNotice(radius: Double) -> String {
        let smallest = configuration.minimumRefreshRadius
        return ProximityCopy.latency(radius: radius, refreshRadius: max(smallest, configuration.refreshRadius[.walking] ?? smallest))
    }
}
