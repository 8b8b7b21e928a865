/// The OSM `highway` values that carry traffic, with per-mode defaults.
///
/// Default car speeds (km/h) are free-flow urban estimates close to OSRM's car profile
/// (`car.lua` `speeds.highway`), used when a way has no usable `maxspeed`.
public enum HighwayClass: String, Sendable, Hashable, Codable, CaseIterable {
    case motorway
    case motorwayLink = "motorway_link"
    case trunk
    case trunkLink = "trunk_link"
    case primary
    case primaryLink = "primary_link"
    case secondary
    case secondaryLink = "secondary_link"
    case tertiary
    case tertiaryLink = "tertiary_link"
    case unclassified, residential
    case livingStreet = "living_street"
    case service, road, track, pedestrian, footway, path, cycleway, steps, bridleway, corridor

    /// The class's index in a road graph's edge arrays.
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self) ?? 0) }

    /// The class stored under `code`, or nil for an invalid code.
    init?(code: UInt8) {
        guard Int(code) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(code)]
    }

    var allowsCar: Bool {
        switch self {
        case .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
            .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet, .service, .road:
            true
        case .track, .pedestrian, .footway, .path, .cycleway, .steps, .bridleway, .corridor: false
        }
    }

    var allowsBicycle: Bool {
        switch self {
        case .motorway, .motorwayLink, .pedestrian, .footway, .steps, .bridleway, .corridor: false
        default: true
        }
    }

    var allowsFoot: Bool {
        switch self {
        case .motorway, .motorwayLink: false
        default: true
        }
    }

    var impliesOneway: Bool { self == .motorway || self == .motorwayLink }

    /// Car speed in km/h without a `maxspeed` tag.
    var defaultCarSpeed: Double {
        switch self {
        case .motorway: 90
        case .trunk: 85
        case .primary: 65
        case .secondary: 55
        case .tertiary: 40
        case .motorwayLink: 45
        case .trunkLink: 40
        case .primaryLink: 30
        case .secondaryLink: 25
        case .tertiaryLink: 20
        case .unclassified, .residential, .road: 25
        case .livingStreet: 10
        case .service, .track: 15
        case .pedestrian, .footway, .path, .cycleway, .steps, .bridleway, .corridor: 5
        }
    }
}
