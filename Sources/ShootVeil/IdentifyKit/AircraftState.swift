import Foundation
import GeoKit

/// One aircraft's last known state, in SI units.
public struct AircraftState: Sendable, Hashable, Codable {
    /// ICAO 24-bit address in lower-case hex (`~`-prefixed for non-ICAO ids, as readsb writes them).
    public var icao24: String
    /// Callsign without padding, if broadcast.
    public var callsign: String?
    /// Position.
    public var coordinate: Coordinate
    /// Height above the WGS84 ellipsoid in metres (ADS-B geometric altitude), if known.
    public var geometricAltitude: Double?
    /// Pressure altitude in metres, if known.
    public var barometricAltitude: Double?
    /// Whether the aircraft reports being on the ground.
    public var onGround: Bool
    /// Ground speed in m/s, if known.
    public var groundSpeed: Double?
    /// Track over ground in degrees from true north, if known.
    public var track: Double?
    /// Vertical rate in m/s (positive up), if known.
    public var verticalRate: Double?
    /// When the position was valid (Unix seconds).
    public var positionTime: Double
    /// ICAO type designator or description (`B739`), if the feed has it.
    public var type: String?
    /// Registration (`N899DN`), if the feed has it.
    public var registration: String?

    /// A state from its parts.
    public init(
        icao24: String, callsign: String? = nil, coordinate: Coordinate, geometricAltitude: Double? = nil,
        barometricAltitude: Double? = nil, onGround: Bool = false, groundSpeed: Double? = nil,
        track: Double? = nil,
        verticalRate: Double? = nil, positionTime: Double, type: String? = nil, registration: String? = nil
    ) {
        self.icao24 = icao24
        self.callsign = callsign
        self.coordinate = coordinate
        self.geometricAltitude = geometricAltitude
        self.barometricAltitude = barometricAltitude
        self.onGround = onGround
        self.groundSpeed = groundSpeed
        self.track = track
        self.verticalRate = verticalRate
        self.positionTime = positionTime
        self.type = type
        self.registration = registration
    }

    /// Feet → metres.
    public static let metresPerFoot = 0.3048
    /// Knots → m/s.
    public static let metresPerSecondPerKnot = 1_852.0 / 3_600.0

    /// The best height above the ellipsoid: geometric, else barometric (pressure altitude
    /// differs by tens of metres, and the geoid by up to ±100 m), else 0 on the ground.
    public var bestAltitude: Double? { geometricAltitude ?? barometricAltitude ?? (onGround ? 0 : nil) }

    /// The state's time and altitudes moved to `time` with a climb of `up` metres (the position is
    /// the caller's).
    func extrapolatedFields(to time: Double, up: Double) -> AircraftState {
        var moved = self
        moved.geometricAltitude = geometricAltitude.map { $0 + up }
        moved.barometricAltitude = barometricAltitude.map { $0 + up }
        moved.positionTime = time
        return moved
    }

    /// The state moved to `time` along its track at its ground speed and vertical rate (great
    /// circle); unchanged without speed and track, or on the ground.
    public func extrapolated(to time: Double) -> AircraftState {
        let dt = time - positionTime
        guard dt != 0, !onGround, let speed = groundSpeed, let track else { return self }
        var moved = self
        if let next = try? Spherical.destination(from: coordinate, bearing: track, distance: speed * dt) {
            moved.coordinate = next
        }
        if let rate = verticalRate {
            moved.geometricAltitude = geometricAltitude.map { $0 + rate * dt }
            moved.barometricAltitude = barometricAltitude.map { $0 + rate * dt }
        }
        moved.positionTime = time
        return moved
    }
}

/// Aircraft states read at one moment.
public struct AircraftSnapshot: Sendable, Hashable, Codable {
    /// When the feed was written (Unix seconds).
    public var time: Double
    /// Aircraft with a position.
    public var aircraft: [AircraftState]
    /// Entries skipped because they carried no position.
    public var withoutPosition: Int

    /// A snapshot from its parts.
    public init(time: Double, aircraft: [AircraftState], withoutPosition: Int = 0) {
        self.time = time
        self.aircraft = aircraft
        self.withoutPosition = withoutPosition
    }
}
