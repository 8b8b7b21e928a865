import Foundation
import OSMKit

/// Which modes may use a way in each direction and how fast cars go on it, from its OSM tags.
///
/// Rules (after the OSM wiki's "Key:access", "Key:oneway" and OSRM's default profiles, simplified):
/// * `highway` class decides the defaults: cars on motorways to service roads; bicycles and
///   pedestrians everywhere except motorways; bicycles not on footways, pedestrian streets,
///   steps and bridleways unless tagged `bicycle=yes`.
/// * Access tags override, most specific first: car `motorcar` > `motor_vehicle` > `vehicle` > `access`;
///   bicycle `bicycle` > `vehicle` > `access`; foot `foot` > `access`.
/// * `oneway=yes|true|1|-1|reverse`, and roundabouts and motorways (unless `oneway=no`), restrict
///   cars and bicycles; `oneway:bicycle=no` frees bicycles. Walkers ignore `oneway` (only
///   `oneway:foot` binds them).
public struct RoadAccess: Sendable, Hashable {
    /// Modes allowed from the way's first node towards its last (``TravelMode/accessBit`` mask).
    public var forward: UInt8
    /// Modes allowed from the last node towards the first.
    public var backward: UInt8
    /// Car speed in km/h: `maxspeed` when given, else the class default.
    public var carSpeed: Double
    /// The way's road class.
    public var highway: HighwayClass

    /// Whether no mode may use the way at all.
    public var isClosed: Bool { forward == 0 && backward == 0 }

    /// The access of a way with these tags, or nil when it is not a road (`highway` missing or unknown,
    /// `area=yes`, under construction).
    public init?(tags: OSMTags) {
        guard let value = tags["highway"], let highway = HighwayClass(rawValue: value) else { return nil }
        if tags["area"] == "yes" { return nil }
        self.highway = highway
        carSpeed = Self.maxspeed(tags["maxspeed"]) ?? highway.defaultCarSpeed

        var modes: UInt8 = 0
        if Self.allowed(highway.allowsCar, tags, keys: ["motorcar", "motor_vehicle", "vehicle", "access"]) {
            modes |= TravelMode.car.accessBit
        }
        if Self.allowed(highway.allowsBicycle, tags, keys: ["bicycle", "vehicle", "access"]) {
            modes |= TravelMode.bicycle.accessBit
        }
        if Self.allowed(highway.allowsFoot, tags, keys: ["foot", "access"]) {
            modes |= TravelMode.foot.accessBit
        }

        let vehicles = TravelMode.car.accessBit | TravelMode.bicycle.accessBit
        var forward = modes
        var backward = modes
        let implied = highway.impliesOneway || tags["junction"] == "roundabout"
        switch Self.direction(tags["oneway"], implied: implied) {
        case .forward: backward &= ~vehicles
        case .backward: forward &= ~vehicles
        case .both: break
        }
        if let bicycle = tags["oneway:bicycle"] {
            let bit = TravelMode.bicycle.accessBit
            switch Self.direction(bicycle, implied: false) {
            case .both:
                if modes & bit != 0 {
                    forward |= bit
                    backward |= bit
                }
            case .forward: backward &= ~bit
            case .backward: forward &= ~bit
            }
        }
        if let foot = tags["oneway:foot"] {
            let bit = TravelMode.foot.accessBit
            switch Self.direction(foot, implied: false) {
            case .both: break
            case .forward: backward &= ~bit
            case .backward: forward &= ~bit
            }
        }
        self.forward = forward
        self.backward = backward
    }

    private enum Direction { case both, forward, backward }

    private static func direction(_ value: String?, implied: Bool) -> Direction {
        switch value {
        case "yes", "true", "1": .forward
        case "-1", "reverse": .backward
        case "no", "false", "0": .both
        default: implied ? .forward : .both
        }
    }

    /// Whether the first access tag present among `keys` allows the mode (else the class default).
    private static func allowed(_ byDefault: Bool, _ tags: OSMTags, keys: [String]) -> Bool {
        for key in keys {
            guard let value = tags[key] else { continue }
            switch value {
            case "yes", "designated", "permissive", "destination", "customers", "delivery", "official":
                return true
            case "no", "private", "agricultural", "forestry", "use_sidepath", "military", "emergency":
                return false
            default: continue
            }
        }
        return byDefault
    }

    /// `maxspeed` in km/h: "50", "25 mph", "30 km/h"; nil for "none", "signals", zones and junk.
    static func maxspeed(_ value: String?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else {
            return nil
        }
        let digits = value.prefix { $0.isNumber || $0 == "." }
        guard let number = Double(digits), number > 0, number < 200 else { return nil }
        let unit = value.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        switch unit {
        case "", "km/h", "kmh", "kph": return number
        case "mph": return number * 1.609_344
        default: return nil
        }
    }
}
