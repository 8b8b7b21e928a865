import Foundation

/// How long it takes to reach a place by each mode, with the routes (`and-away.md` §6).
///
/// A mode the provider could not route (no network, unreachable) is `nil`. Transit is part of the
/// seed's model; no provider here fills it yet.
public struct TravelInfo: Sendable, Hashable, Codable {
    /// Walking time in seconds.
    public var walkingTime: TimeInterval? { walkingRoute?.duration }
    /// The walking route.
    public var walkingRoute: Route?
    /// Cycling time in seconds.
    public var cyclingTime: TimeInterval? { cyclingRoute?.duration }
    /// The cycling route.
    public var cyclingRoute: Route?
    /// Driving time in seconds.
    public var drivingTime: TimeInterval? { drivingRoute?.duration }
    /// The driving route.
    public var drivingRoute: Route?
    /// Public transport time in seconds.
    public var transitTime: TimeInterval? { transitRoute?.duration }
    /// The public transport route.
    public var transitRoute: Route?

    /// Travel information from the routes that exist.
    public init(
        walkingRoute: Route? = nil, cyclingRoute: Route? = nil, drivingRoute: Route? = nil,
        transitRoute: Route? = nil
    ) {
        self.walkingRoute = walkingRoute
        self.cyclingRoute = cyclingRoute
        self.drivingRoute = drivingRoute
        self.transitRoute = transitRoute
    }
}
