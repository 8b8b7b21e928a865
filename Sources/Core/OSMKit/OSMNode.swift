/// An OSM node: a point with an id and tags.
///
/// Follows https://wiki.openstreetmap.org/wiki/Node and OSM API 0.6.
/// Invariants (for values produced by this module): latitude in −90...90 and longitude in
/// −180...180 degrees (WGS 84), at the file's granularity (100 nanodegrees by default).
public struct OSMNode: Sendable, Hashable {
    /// The node id (negative ids appear in unsaved edits).
    public var id: Int64
    /// Latitude in degrees, −90...90.
    public var latitude: Double
    /// Longitude in degrees, −180...180.
    public var longitude: Double
    /// The node's tags (most nodes have none).
    public var tags: OSMTags

    /// A node from its parts (not range-checked).
    public init(id: Int64, latitude: Double, longitude: Double, tags: OSMTags = OSMTags()) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}
