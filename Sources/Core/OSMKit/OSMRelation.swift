/// The kind of an OSM element, as referenced by a relation member.
///
/// Follows the PBF `Relation.MemberType` enum (NODE = 0, WAY = 1, RELATION = 2) and the XML
/// `type` attribute (`node`, `way`, `relation`).
public enum OSMElementType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A node.
    case node = 0
    /// A way.
    case way = 1
    /// A relation.
    case relation = 2

    /// The OSM XML spelling: `node`, `way` or `relation`.
    public var description: String {
        switch self {
        case .node: return "node"
        case .way: return "way"
        case .relation: return "relation"
        }
    }

    /// Parses the OSM XML spelling; `nil` for anything else.
    public init?(xmlName: String) {
        switch xmlName {
        case "node": self = .node
        case "way": self = .way
        case "relation": self = .relation
        default: return nil
        }
    }
}

/// One member of a relation: a reference to an element plus a role.
public struct OSMMember: Sendable, Hashable {
    /// The kind of the referenced element.
    public var type: OSMElementType
    /// The id of the referenced element.
    public var ref: Int64
    /// The member's role, e.g. `outer`; often empty.
    public var role: String

    /// A member from its parts.
    public init(type: OSMElementType, ref: Int64, role: String) {
        self.type = type
        self.ref = ref
        self.role = role
    }
}

/// An OSM relation: an ordered list of typed members with roles, plus tags.
///
/// Follows https://wiki.openstreetmap.org/wiki/Relation.
public struct OSMRelation: Sendable, Hashable {
    /// The relation id.
    public var id: Int64
    /// The members, in order.
    public var members: [OSMMember]
    /// The relation's tags.
    public var tags: OSMTags

    /// A relation from its parts.
    public init(id: Int64, members: [OSMMember], tags: OSMTags = OSMTags()) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}
