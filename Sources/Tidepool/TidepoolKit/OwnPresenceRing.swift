import GeoKit

/// The user's own presence as drawn for the user alone: a 100 ft (30.48 m) translucent ring,
/// shown only while presence is visible and the fix is at least 500 ft from Home.
public struct OwnPresenceRing: Sendable, Equatable {
    /// Ring radius: 100 ft.
    public static let radiusMeters = 30.48

    /// Centre of the ring (the fix; this value never leaves the device).
    public var center: Coordinate
    /// Radius, metres.
    public var radiusMeters: Double

    /// The ring for `fix`, or `nil` while the guard hides presence or the fix is closer to
    /// Home than the guard's nominal radius (500 ft).
    public static func ring(for fix: Coordinate, guard homeGuard: HomeGuard) -> OwnPresenceRing? {
        guard !homeGuard.isHidden,
            homeGuard.distanceFromHome(fix) >= homeGuard.configuration.radiusMeters
        else { return nil }
        return OwnPresenceRing(center: fix, radiusMeters: radiusMeters)
    }
}
