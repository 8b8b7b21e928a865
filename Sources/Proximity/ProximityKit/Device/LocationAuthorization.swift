/// How far the user lets the app use location (CoreLocation's `CLAuthorizationStatus`).
public enum LocationAuthorization: String, Sendable, Codable, CaseIterable {
    /// Not asked yet: asking shows the system prompt.
    case notDetermined = "not_determined"
    /// Refused (or restricted by a policy): only Settings can change it.
    case denied
    /// Only while the app is open: no region wake-ups, no significant-change relaunches.
    case whenInUse = "when_in_use"
    /// Always: background wake-ups work.
    case always

    /// Whether the OS wakes the app for region and significant-change events.
    public var allowsBackgroundWakeUps: Bool { self == .always }
    /// Whether the app may read the location at all (while open, at least).
    public var allowsLocation: Bool { self == .always || self == .whenInUse }
}

/// Reads, requests and watches location permission (`CLLocationManager` on the phone,
/// ``InMemoryLocationAuthorizer`` in tests).
///
/// Contract (`ProximityKitContracts.LocationAuthorizerContract`): ``status`` reads the same until
/// something changes it; ``request(_:)`` prompts only from ``LocationAuthorization/notDetermined``
/// (or, for `.always`, from `.whenInUse`: iOS's one upgrade prompt) and otherwise returns the
/// status unchanged; after it returns, ``status`` equals what it returned; every change is
/// yielded on ``changes``.
public protocol LocationAuthorizer: Sendable {
    /// The current permission, without prompting.
    var status: LocationAuthorization { get }
    /// Asks for `level` (`.whenInUse` or `.always`) and returns the permission that results.
    func request(_ level: LocationAuthorization) async -> LocationAuthorization
    /// Every change of ``status`` (the user in Settings, or a prompt's answer). One consumer.
    var changes: AsyncStream<LocationAuthorization> { get }
}
