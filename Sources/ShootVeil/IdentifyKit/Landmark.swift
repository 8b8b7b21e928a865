import GeoKit

/// A named thing worth identifying: a Wikidata item or an OSM place with a `tourism`, `historic`
/// or named `building` tag.
public struct Landmark: Sendable, Hashable, Codable {
    /// `Q…` for Wikidata items, `osm:node/…` style ids for OSM places.
    public var id: String
    /// Display name.
    public var name: String
    /// What it is (`skyscraper`, `attraction`, `museum`, an OSM tag value…).
    public var kind: String
    /// Where it is.
    public var coordinate: Coordinate
    /// The Wikidata id, when known.
    public var wikidata: String?
    /// Height in metres, when the source gives one.
    public var height: Double?
    /// Where this landmark came from (`wikidata`, `osm`).
    public var source: String

    /// A landmark from its parts.
    public init(
        id: String, name: String, kind: String, coordinate: Coordinate, wikidata: String? = nil,
        height: Double? = nil,
        source: String
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.coordinate = coordinate
        self.wikidata = wikidata
        self.height = height
        self.source = source
    }
}
