import Foundation
import GeoKit
import LockedState

/// Where the user is: CoreLocation on the phone (`AndAwayLive`), a fixed value in tests.
public protocol UserLocationSource: Sendable {
    /// The latest position, or nil when unknown or not allowed. Never prompts: asking for
    /// permission is ``requestPermission()``.
    func currentLocation() async -> UserLocation?
    /// Asks for "when in use" permission once (the system asks the person only the first time);
    /// answers whether positions may be read, and if not, why.
    func requestPermission() async -> LocationAccess
}

/// Whether And Away may read the person's position, and if not, why (a screen says so and how to
/// change it).
public enum LocationAccess: Sendable, Hashable {
    /// Positions may be read.
    case allowed
    /// The person said no (or turned Location Services off): Settings can change it.
    case denied
    /// Screen Time or a device profile forbids it: the person may not be able to change it.
    case restricted
    /// Allowed, but reading a position failed, in the system's words.
    case failed(String)
}

/// One position reading.
public struct UserLocation: Sendable, Hashable {
    /// The position.
    public var coordinate: Coordinate
    /// Horizontal accuracy in metres, when known.
    public var accuracy: Double?
    /// When it was measured.
    public var timestamp: Date

    /// A reading.
    public init(coordinate: Coordinate, accuracy: Double? = nil, timestamp: Date) {
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.timestamp = timestamp
    }
}

/// A location source that answers what it was last given (tests, previews, the simulator).
public final class FixedLocationSource: UserLocationSource {
    private let state: Locked<UserLocation?>

    /// A source at `location` (nil: unknown).
    public init(_ location: UserLocation?) { state = Locked(location) }

    /// Moves the user.
    public func set(_ location: UserLocation?) { state.withLock { $0 = location } }

    /// The position given last.
    public func currentLocation() async -> UserLocation? { state.withLock { $0 } }

    /// Allowed when a position is set, denied when none is.
    public func requestPermission() async -> LocationAccess { state.withLock { $0 != nil ? .allowed : .denied } }
}
