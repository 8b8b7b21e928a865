/// An OSM way: an ordered list of node references with tags.
///
/// Follows https://wiki.openstreetmap.org/wiki/Way. A closed way repeats its first node id last.
/// Node locations are not resolved here (PBF "LocationsOnWays" coordinates are ignored).
public struct OSMWay: Sendable, Hashable {
    /// The way id.
    public var id: Int64
    /// The ids of the way's nodes, in order.
    public var nodeIDs: [Int64]
    /// The way's tags.
    public var tags: OSMTags

    /// A way from its parts.
    public init(id: Int64, nodeIDs: [Int64], tags: OSMTags = OSMTags()) {
        self.id = id
        self.nodeIDs = nodeIDs
        self.tags = tags
    }
}
