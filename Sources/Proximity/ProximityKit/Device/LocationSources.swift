/// Significant-change location updates (`startMonitoringSignificantLocationChanges`): sparse fixes
/// (≥ 500 m, ≥ 5 min apart) that also relaunch a terminated app. ``InMemorySignificantChangeSource`` in tests.
///
/// Contract (`ProximityKitContracts.SignificantChangeContract`): ``isRunning`` follows
/// ``start()`` / ``stop()``; starting twice is the same as once; no fix is delivered while stopped.
public protocol SignificantChangeSource: Sendable {
    /// Starts the wake-ups.
    func start() async
    /// Stops them.
    func stop() async
    /// Whether they are on.
    var isRunning: Bool { get async }
    /// The fixes the wake-ups deliver. One consumer.
    var fixes: AsyncStream<LocationFix> { get }
}

/// Why a one-shot location request failed.
public enum OneShotLocatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Location permission does not allow it.
    case notAuthorized
    /// The OS could not get a fix in time (`kCLErrorLocationUnknown`).
    case unavailable

    /// One line.
    public var description: String {
        switch self {
        case .notAuthorized: "one-shot location: not authorized"
        case .unavailable: "one-shot location: no fix available"
        }
    }
}

/// One location now (`CLLocationManager.requestLocation()`), used in a wake-up's background
/// time. ``InMemoryOneShotLocator`` in tests.
///
/// Contract (`ProximityKitContracts.OneShotLocatorContract`): each call returns one fix no older
/// than the previous one returned, or throws; it never blocks past the OS's own timeout.
public protocol OneShotLocator: Sendable {
    /// The current location.
    func currentFix() async throws(OneShotLocatorError) -> LocationFix
}

/// Motion activity (`CMMotionActivityManager`): walking vs driving sizes the refresh region.
/// ``InMemoryMotionActivitySource`` in tests.
///
/// Contract (`ProximityKitContracts.MotionActivityContract`): ``isAvailable`` does not change;
/// when unavailable, ``updates`` yields nothing.
public protocol MotionActivitySource: Sendable {
    /// Whether the device has a motion coprocessor (and the user allowed Motion & Fitness).
    var isAvailable: Bool { get }
    /// Activity changes with their time (seconds since 1970). One consumer.
    var updates: AsyncStream<(activity: MotionActivity, time: Double)> { get }
}
