import Foundation
import PlaceKit

/// A place as every JSON surface writes it: `loci search --json`, `loci place --json` and the
/// server's `/v1/places/...` answers. The member names are a contract (`lat`, `lon`,
/// `distance_m`, …) and live here only.
///
/// The summary (`id`, `name`, `category`, `lat`, `lon`) is always written. ``details`` holds
/// what a details view shows; it is nil when only the summary was read (the server's anonymous
/// search reads no full records), and then none of its members is written. When present, every
/// detail member is written, with `null` for an unknown value.
public struct WirePlace: Sendable, Equatable, Codable {
    /// `osm:node/123`-style id.
    public var id: String
    /// The display name, nil for an unnamed place.
    public var name: String?
    /// The standard category id (`cafe`).
    public var category: String
    /// Latitude, degrees.
    public var lat: Double
    /// Longitude, degrees.
    public var lon: Double
    /// The full record's fields, when it was read.
    public var details: Details?

    /// What a details view shows beyond the summary.
    public struct Details: Sendable, Equatable {
        /// The category's display name (`Café`).
        public var categoryName: String
        /// The category's SF Symbol name.
        public var symbol: String
        /// The category's colour, `#RRGGBB`.
        public var color: String
        /// Open at the instant asked about: true, false, or nil when the hours are unknown.
        public var openNow: Bool?
        /// The opening hours as tagged (OSM grammar).
        public var openingHours: String?
        /// The postal address on one line.
        public var address: String?
        /// Phone number as tagged.
        public var phone: String?
        /// Website as tagged.
        public var website: String?
        /// Wikidata id (`Q1757`).
        public var wikidata: String?
        /// Other names (translations, old names).
        public var alternativeNames: [String]
        /// Prominence in 0...1.
        public var importance: Double
        /// The source tags, as imported.
        public var tags: [String: String]
    }

    /// The summary of `place`, with no details.
    public init(summaryOf place: Place) {
        id = place.id.rawValue
        name = place.name
        category = place.category
        lat = place.coordinate.latitude
        lon = place.coordinate.longitude
        details = nil
    }

    /// `place` in full; `openNow` is judged at `instant` in `zone`, and the category's display
    /// name, symbol and colour come from `registry` (unknown categories read as their id, a pin
    /// and grey).
    public init(_ place: Place, at instant: Date, in zone: TimeZone, registry: CategoryRegistry = .standard) {
        self.init(summaryOf: place)
        let shown = PlacePresentation(place, at: instant, in: zone, registry: registry)
        details = Details(
            categoryName: shown.categoryName,
            symbol: shown.symbol,
            color: shown.color,
            openNow: shown.openNow,
            openingHours: place.openingHours?.raw,
            address: place.address?.formatted,
            phone: place.phone,
            website: place.website,
            wikidata: place.wikidataID,
            alternativeNames: place.alternativeNames,
            importance: place.importance,
            tags: place.tags)
    }

    /// Creates a wire place from its parts.
    public init(id: String, name: String?, category: String, lat: Double, lon: Double, details: Details? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.lat = lat
        self.lon = lon
        self.details = details
    }
}

extension WirePlace {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, category, lat, lon
        case categoryName = "category_name", symbol, color
        case openNow = "open_now", openingHours = "opening_hours", address, phone, website, wikidata
        case alternativeNames = "alternative_names", importance, tags
    }

    /// Writes the summary, then (when present) every detail member, `null` for unknown values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(category, forKey: .category)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        guard let details else { return }
        try container.encode(details.categoryName, forKey: .categoryName)
        try container.encode(details.symbol, forKey: .symbol)
        try container.encode(details.color, forKey: .color)
        try container.encode(details.openNow, forKey: .openNow)
        try container.encode(details.openingHours, forKey: .openingHours)
        try container.encode(details.address, forKey: .address)
        try container.encode(details.phone, forKey: .phone)
        try container.encode(details.website, forKey: .website)
        try container.encode(details.wikidata, forKey: .wikidata)
        try container.encode(details.alternativeNames, forKey: .alternativeNames)
        try container.encode(details.importance, forKey: .importance)
        try container.encode(details.tags, forKey: .tags)
    }

    /// Reads a summary, with details when `category_name` is present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        category = try container.decode(String.self, forKey: .category)
        lat = try container.decode(Double.self, forKey: .lat)
        lon = try container.decode(Double.self, forKey: .lon)
        guard let categoryName = try container.decodeIfPresent(String.self, forKey: .categoryName) else {
            details = nil
            return
        }
        details = Details(
            categoryName: categoryName,
            symbol: try container.decode(String.self, forKey: .symbol),
            color: try container.decode(String.self, forKey: .color),
            openNow: try container.decodeIfPresent(Bool.self, forKey: .openNow),
            openingHours: try container.decodeIfPresent(String.self, forKey: .openingHours),
            address: try container.decodeIfPresent(String.self, forKey: .address),
            phone: try container.decodeIfPresent(String.self, forKey: .phone),
            website: try container.decodeIfPresent(String.self, forKey: .website),
            wikidata: try container.decodeIfPresent(String.self, forKey: .wikidata),
            alternativeNames: try container.decodeIfPresent([String].self, forKey: .alternativeNames) ?? [],
            importance: try container.decode(Double.self, forKey: .importance),
            tags: try container.decodeIfPresent([String: String].self, forKey: .tags) ?? [:])
    }
}
