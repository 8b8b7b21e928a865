/// The elements decoded from one PBF `OSMData` blob (one `PrimitiveBlock`), or from a whole XML file.
///
/// Follows https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_OSMData_fileblock.
/// Within a block, elements keep file order per kind; a block may mix kinds.
public struct OSMBlock: Sendable, Hashable {
    /// 0-based position of this block among the file's `OSMData` blobs.
    public var index: Int
    /// 0-based position of the blob in the file, counting the `OSMHeader` blob (so usually `index + 1`).
    public var blobIndex: Int
    /// The nodes (plain and dense), in file order.
    public var nodes: [OSMNode]
    /// The ways, in file order.
    public var ways: [OSMWay]
    /// The relations, in file order.
    public var relations: [OSMRelation]

    /// A block from its parts.
    public init(
        index: Int, blobIndex: Int, nodes: [OSMNode] = [], ways: [OSMWay] = [], relations: [OSMRelation] = []
    ) {
        self.index = index
        self.blobIndex = blobIndex
        self.nodes = nodes
        self.ways = ways
        self.relations = relations
    }
}
