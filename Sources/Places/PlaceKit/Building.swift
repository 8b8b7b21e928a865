import GeoKit

/// A building footprint with its height, for line-of-sight and shadow work (ShootVeil).
///
/// Invariants: ``footprint`` is a closed ring (first vertex equals the last) with at least three
/// distinct vertices; ``height`` and ``minHeight`` are finite, non-negative metres above ground.
public struct Building: Sendable, Hashable, Codable, Identifiable {
    /// Stable identifier (`"osm:way/45"`, `"osm:relation/7"`).
    public var id: PlaceID
    /// Outer ring in degrees, closed (first == last), in the source's vertex order.
    public var footprint: [Coordinate]
    /// Height of the top above ground in metres, or `nil` if unknown.
    public var height: Double?
    /// Where ``height`` came from.
    public var heightSource: HeightSource
    /// Above-ground storeys (`building:levels`), excluding roof levels, if tagged.
    public var levels: Int?
    /// Height of the bottom above ground in metres (`min_height`, else `building:min_level` × 3),
    /// for parts that float over the ground such as bridges between buildings; `nil` means 0.
    public var minHeight: Double?
    /// `name`, if any.
    public var name: String?
    /// What the building is: the OSM `building` value when more specific than `yes`, lowercased
    /// (`"apartments"`, `"church"`), or `nil`.
    public var kind: String?
    /// Year construction started or finished (`start_date`, else `building:start_date`, else
    /// `construction_date`; see ``Building/parseYear(_:)``), or `nil`.
    public var year: Int?
    /// Wikidata item (`"Q11259"`), or `nil`.
    public var wikidataID: String?

    /// How a building's height was obtained.
    public enum HeightSource: String, Sendable, Hashable, Codable {
        /// Parsed from the `height` tag.
        case heightTag
        /// Estimated from `building:levels` (and `roof:levels`) at ``Building/metresPerLevel``.
        case levels
        /// No usable tag; ``Building/height`` is `nil`.
        case unknown
    }

    /// Metres per storey used to estimate heights from levels: 3.0, the value OSM-3D renderers
    /// (OSM Buildings, F4 Map, Simple 3D Buildings guidance) assume.
    public static let metresPerLevel = 3.0

    /// Creates a building, closing the ring if needed; `nil` when the footprint has fewer than
    /// three distinct vertices. A negative or non-finite height or minimum height becomes `nil`
    /// (and a `nil` height makes the source ``HeightSource/unknown``). `kind`, `year` and
    /// `wikidataID` are stored as given (``fromOSM(type:id:footprint:tags:)`` validates them).
    public init?(
        id: PlaceID, footprint: [Coordinate], height: Double?, heightSource: HeightSource,
        levels: Int? = nil, minHeight: Double? = nil, name: String? = nil,
        kind: String? = nil, year: Int? = nil, wikidataID: String? = nil
    ) {
        guard Set(footprint).count >= 3, let first = footprint.first else { return nil }
        self.id = id
        self.footprint = footprint.last == first ? footprint : footprint + [first]
        let validHeight = height.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.height = validHeight
        self.heightSource = validHeight == nil ? .unknown : heightSource
        self.levels = levels
        self.minHeight = minHeight.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.name = name
        self.kind = kind
        self.year = year
        self.wikidataID = wikidataID
    }
}
