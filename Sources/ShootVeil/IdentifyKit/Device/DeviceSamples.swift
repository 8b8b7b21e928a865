import Foundation
import GeoKit

/// One attitude reading (`CMDeviceMotion.attitude.quaternion` in the `xTrueNorthZVertical` frame).
public struct AttitudeSample: Sendable, Hashable, Codable {
    /// The attitude.
    public var quaternion: AttitudeQuaternion
    /// When it was measured (seconds since 1970).
    public var time: Double

    /// A sample from its parts.
    public init(quaternion: AttitudeQuaternion, time: Double) {
        self.quaternion = quaternion
        self.time = time
    }
}

/// One compass reading (`CLHeading`), for the device's orientation as the app set it
/// (`headingOrientation = .portrait`).
public struct HeadingSample: Sendable, Hashable, Codable {
    /// Degrees clockwise from true north (`trueHeading`; negative when the OS has no true heading).
    public var trueHeading: Double
    /// One-sigma accuracy in degrees (`headingAccuracy`; negative means the heading is invalid).
    public var accuracy: Double
    /// When it was measured (seconds since 1970).
    public var time: Double

    /// A sample from its parts.
    public init(trueHeading: Double, accuracy: Double, time: Double) {
        self.trueHeading = trueHeading
        self.accuracy = accuracy
        self.time = time
    }

    /// Whether the OS says the heading can be used at all (a non-negative accuracy and true heading).
    public var isValid: Bool { accuracy >= 0 && accuracy.isFinite && trueHeading >= 0 && trueHeading.isFinite }
}

/// One location reading (`CLLocation`).
public struct LocationSample: Sendable, Hashable, Codable {
    /// Where.
    public var coordinate: Coordinate
    /// Height above the WGS84 ellipsoid in metres (`ellipsoidalAltitude`), when known.
    public var ellipsoidalAltitude: Double?
    /// Height above mean sea level in metres (`altitude`), when known.
    public var altitude: Double?
    /// Horizontal accuracy in metres (negative: invalid).
    public var horizontalAccuracy: Double
    /// Vertical accuracy in metres (negative: no altitude).
    public var verticalAccuracy: Double
    /// When it was measured (seconds since 1970).
    public var time: Double

    /// A sample from its parts.
    public init(
        coordinate: Coordinate, ellipsoidalAltitude: Double?, altitude: Double?, horizontalAccuracy: Double,
        verticalAccuracy: Double, time: Double
    ) {
        self.coordinate = coordinate
        self.ellipsoidalAltitude = ellipsoidalAltitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.time = time
    }
}

/// What the location source reports: a fix, or that permission is missing.
public enum LocationEvent: Sendable, Hashable {
    /// A new fix.
    case sample(LocationSample)
    /// Location is not allowed (denied, restricted, or not yet asked and refused).
    case denied
}
