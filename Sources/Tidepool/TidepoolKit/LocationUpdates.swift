import GeoKit

/// One position from the device's location service, as Tidepool's reporting takes it.
public struct LocationFix: Sendable, Equatable {
    /// Where the device was (never leaves the device; only a tile id does).
    public var coordinate: Coordinate
    /// When, Unix seconds (the fix's own timestamp, not the time it was delivered).
    public var time: Double
    /// Whether the app was on screen or woken in the background when the fix arrived.
    public var appState: AppState

    /// A fix at `coordinate`, `time` (Unix seconds), foreground unless told.
    public init(coordinate: Coordinate, time: Double, appState: AppState = .foreground) {
        self.coordinate = coordinate
        self.time = time
        self.appState = appState
    }
}

/// What the user allowed Tidepool to know about where the phone is (CoreLocation's
/// authorisation, in the kit's words; the onboarding asks for it, the location updates report
/// its changes).
public enum LocationAuthorization: String, Sendable, Equatable, CaseIterable {
    /// Not asked yet.
    case notDetermined
    /// Refused (or location services off).
    case denied
    /// Not allowed by a profile or parental control.
    case restricted
    /// While the app is in use: the map works; reports stop when iOS suspends the app.
    case whenInUse
    /// Always: background reports when the system wakes the app.
    case always

    /// Whether the app may read the location at all.
    public var allowsLocation: Bool { self == .whenInUse || self == .always }
    /// Whether fixes may be used for reports at all (the same as ``allowsLocation``: the user's
    /// reporting switch and the home guard decide the rest).
    public var allowsReporting: Bool { allowsLocation }
}

/// What a location service delivers: fixes, and changes of the permission.
public enum LocationUpdate: Sendable, Equatable {
    /// A new position.
    case fix(LocationFix)
    /// The permission changed (also sent first, with the current permission, when a stream starts).
    case permission(LocationAuthorization)
}

/// The device's location service (CoreLocation's live updates on the phone,
/// ``ReplayedLocationUpdates`` in tests).
///
/// A stream starts with the current permission, then fixes as they come; it ends when the
/// service stops, and a consumer that is cancelled stops reading.
public protocol LocationUpdates: Sendable {
    /// A new stream of updates.
    func updates() -> AsyncStream<LocationUpdate>
}

/// Replays a fixed list of updates, then ends: a walk for tests and previews.
public struct ReplayedLocationUpdates: LocationUpdates {
    /// The updates, in order.
    public let recorded: [LocationUpdate]

    /// A source that replays `recorded`.
    public init(_ recorded: [LocationUpdate]) { self.recorded = recorded }

    /// All of ``recorded``, then the end of the stream.
    public func updates() -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationUpdate.self)
        for update in recorded { continuation.yield(update) }
        continuation.finish()
        return stream
    }
}

extension LocationFix {
    /// The vaguest fix reporting uses, metres of horizontal accuracy: a fix vaguer than about
    /// two thirds of a base tile (≈150 m) could name the wrong tile, or sit inside the home guard
    /// while claiming to be outside it.
    public static let maximumAccuracyMeters = 100.0

    /// The fix for a location service's raw fields, or nil when the fix must not be used: a
    /// negative accuracy (the platform's "invalid"), one vaguer than ``maximumAccuracyMeters``,
    /// a coordinate out of range, or a time that is not finite.
    /// - Parameters:
    ///   - time: the fix's timestamp, Unix seconds.
    public static func validated(
        latitude: Double, longitude: Double, horizontalAccuracy: Double, time: Double, appState: AppState
    ) -> LocationFix? {
        guard horizontalAccuracy >= 0, horizontalAccuracy <= maximumAccuracyMeters, time.isFinite,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        return LocationFix(coordinate: coordinate, time: time, appState: appState)
    }
}
