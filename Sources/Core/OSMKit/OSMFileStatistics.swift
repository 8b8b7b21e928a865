import Foundation

/// Summary counts over a whole OSM file, computed by decoding every element (backs `loci osm stats`).
///
/// Compare with `osmium fileinfo -e`: same element counts, node bounding box and id ranges.
/// Invariants: `taggedNodeCount <= nodeCount`; bounds and id ranges are `nil` exactly when the
/// corresponding count is 0.
///
/// - Complexity: ``read(pbf:)`` is O(file size) time and O(blocks in flight) memory.
public struct OSMFileStatistics: Sendable, Hashable {
    /// Number of nodes.
    public var nodeCount = 0
    /// Number of ways.
    public var wayCount = 0
    /// Number of relations.
    public var relationCount = 0
    /// Number of nodes with at least one tag.
    public var taggedNodeCount = 0
    /// Tags on nodes.
    public var nodeTagCount = 0
    /// Tags on ways.
    public var wayTagCount = 0
    /// Tags on relations.
    public var relationTagCount = 0
    /// Node references summed over all ways.
    public var wayNodeCount = 0
    /// Members summed over all relations.
    public var relationMemberCount = 0
    /// Bounding box of every node's location, degrees.
    public var nodeBounds: OSMBoundingBox?
    /// Smallest and largest node id.
    public var nodeIDRange: ClosedRange<Int64>?
    /// Smallest and largest way id.
    public var wayIDRange: ClosedRange<Int64>?
    /// Smallest and largest relation id.
    public var relationIDRange: ClosedRange<Int64>?
    /// Blobs in a PBF file, including the header blob (0 for XML).
    public var blobCount = 0
    /// `OSMData` blocks in a PBF file (0 for XML).
    public var dataBlockCount = 0
    /// The PBF header, when read from PBF.
    public var header: OSMHeader?

    /// Empty statistics.
    public init() {}

    /// Tags on all elements.
    public var tagCount: Int { nodeTagCount + wayTagCount + relationTagCount }

    /// Adds one block's elements.
    ///
    /// - Complexity: O(elements in the block).
    public mutating func add(_ block: OSMBlock) {
        nodeCount += block.nodes.count
        wayCount += block.ways.count
        relationCount += block.relations.count
        if let first = block.nodes.first {
            var bounds = nodeBounds ?? OSMBoundingBox(latitude: first.latitude, longitude: first.longitude)
            var minID = nodeIDRange?.lowerBound ?? first.id
            var maxID = nodeIDRange?.upperBound ?? first.id
            var tagged = 0
            var tags = 0
            for node in block.nodes {
                bounds.extend(latitude: node.latitude, longitude: node.longitude)
                minID = min(minID, node.id)
                maxID = max(maxID, node.id)
                let count = node.tags.count
                tags += count
                tagged += count > 0 ? 1 : 0
            }
            nodeBounds = bounds
            nodeIDRange = minID...maxID
            taggedNodeCount += tagged
            nodeTagCount += tags
        }
        for way in block.ways {
            wayTagCount += way.tags.count
            wayNodeCount += way.nodeIDs.count
            wayIDRange = Self.extend(wayIDRange, way.id)
        }
        for relation in block.relations {
            relationTagCount += relation.tags.count
            relationMemberCount += relation.members.count
            relationIDRange = Self.extend(relationIDRange, relation.id)
        }
    }

    /// A range widened to contain `id`.
    private static func extend(_ range: ClosedRange<Int64>?, _ id: Int64) -> ClosedRange<Int64> {
        guard let range else { return id...id }
        return min(range.lowerBound, id)...max(range.upperBound, id)
    }

    /// Decodes a whole PBF file and counts it.
    ///
    /// - Throws: ``OSMError`` for unreadable or invalid input.
    public static func read(pbf reader: PBFReader) throws -> OSMFileStatistics {
        var statistics = OSMFileStatistics()
        let result = try reader.scan { block in
            statistics.add(block)
            statistics.dataBlockCount += 1
        }
        statistics.header = result.header
        statistics.blobCount = result.blobCount
        return statistics
    }

    /// Reads a `.osm.pbf` file, or OSM XML when the name ends in `.osm` or `.xml`.
    ///
    /// - Throws: ``OSMError`` for unreadable or invalid input.
    public static func read(url: URL) throws -> OSMFileStatistics {
        let name = url.lastPathComponent.lowercased()
        if name.hasSuffix(".osm") || name.hasSuffix(".xml") {
            var statistics = OSMFileStatistics()
            statistics.add(try OSMXMLReader(url: url).read().block)
            return statistics
        }
        return try read(pbf: PBFReader(url: url))
    }
}
