import GeoKit

/// A point of interest from any provider, normalised to Loci's model.
///
/// Built from OSM by ``fromOSM(type:id:coordinate:tags:registry:)``; providers such as Google
/// fill the same fields. All text is kept as the source wrote it, trimmed.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// Stable identifier (`"osm:node/123"`, `"google:ChIJ…"`).
    public var id: PlaceID
    /// The primary name (`name`; its first `;`-separated part), or `nil` for unnamed places such
    /// as an unnamed pharmacy.
    public var name: String?
    /// Other names, deduplicated, without the primary name; see ``alternativeNameKeys``.
    public var alternativeNames: [String]
    /// The standard category id (``PlaceCategory/id``), resolved with a ``CategoryRegistry``.
    public var category: PlaceCategory.ID
    /// Position in degrees (a node's location, or a representative point of a way or relation).
    public var coordinate: Coordinate
    /// Postal address, if any `addr:*` tag is present.
    public var address: PostalAddress?
    /// Phone number as tagged (`phone`, else `contact:phone`), first of several.
    public var phone: String?
    /// Website as tagged (`website`, else `contact:website`, else `url`), first of several.
    public var website: String?
    /// Parsed `opening_hours`; present whenever the tag is, even when unparseable (then it
    /// answers `.unknown`).
    public var openingHours: OpeningHours?
    /// Wikidata item id (`wikidata`), only if it matches `Q[1-9][0-9]*`.
    public var wikidataID: String?
    /// Wikipedia article as tagged, `"lang:Title"` (`"fi:Ateneum"`).
    public var wikipedia: String?
    /// Prior importance in 0…1 for ranking when there are no ratings; see
    /// ``importance(tags:hasValidWikidata:)``.
    public var importance: Double
    /// The source tags, kept whole so that nothing is lost on import.
    public var tags: [String: String]

    /// Creates a place from its parts; `importance` is clamped to 0…1.
    public init(
        id: PlaceID, name: String?, alternativeNames: [String] = [], category: PlaceCategory.ID,
        coordinate: Coordinate, address: PostalAddress? = nil, phone: String? = nil,
        website: String? = nil, openingHours: OpeningHours? = nil, wikidataID: String? = nil,
        wikipedia: String? = nil, importance: Double = 0, tags: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.alternativeNames = alternativeNames
        self.category = category
        self.coordinate = coordinate
        self.address = address
        self.phone = phone
        self.website = website
        self.openingHours = openingHours
        self.wikidataID = wikidataID
        self.wikipedia = wikipedia
        self.importance = importance.isFinite ? min(1, max(0, importance)) : 0
        self.tags = tags
    }
}
