/// What an import wrote and what it left out.
public struct PlaceImportResult: Sendable, Hashable, Codable {
    /// Elements that were candidates but could not be imported, by reason.
    public struct Skipped: Sendable, Hashable, Codable {
        /// Ways (place or building) referencing a node absent from the file (clipped extracts).
        public var waysWithMissingNodes = 0
        /// Ways tagged as buildings that are not closed rings.
        public var openBuildingWays = 0
        /// Closed building ways with fewer than three distinct vertices.
        public var degenerateBuildings = 0
        /// Relations tagged as a place or a building (multipolygons): not imported — neither
        /// places nor footprints are built from relations.
        public var relations = 0

        /// The sum of all reasons.
        public var total: Int { waysWithMissingNodes + openBuildingWays + degenerateBuildings + relations }

        /// No skips.
        public init() {}
    }

    /// Places written (from nodes and ways).
    public var places = 0
    /// Places from nodes.
    public var placesFromNodes = 0
    /// Places from ways (at the mean of the way's distinct nodes).
    public var placesFromWays = 0
    /// Buildings written (closed ways with `building` or `building:part`).
    public var buildings = 0
    /// Streets, roads and paths written for the base map (ways whose `highway` is one
    /// ``PlaceKit/Street/Kind`` draws).
    public var streets = 0
    /// Nodes, ways and relations read.
    public var nodes = 0, ways = 0, relations = 0
    /// Elements with at least one tag.
    public var taggedElements = 0
    /// Candidates left out, by reason.
    public var skipped = Skipped()
    /// Peak bytes of the node-coordinate table (16 per node plus array growth slack).
    public var nodeTableBytes = 0
    /// Size of the finished database file in bytes.
    public var databaseBytes = 0
    /// Wall-clock seconds for the whole import, including `VACUUM` and the rename.
    public var seconds = 0.0

    /// An empty result.
    public init() {}
}
