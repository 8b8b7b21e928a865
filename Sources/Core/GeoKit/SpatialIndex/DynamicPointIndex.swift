/// A mutable spatial index of points keyed by caller-chosen identifiers, for k-nearest and
/// radius queries over a changing set (vehicles, users, check-ins).
///
/// Points are converted to unit vectors and kept in a point-region octree over the cube
/// −1…1 that holds the unit sphere (Finkel & Bentley 1974, in three dimensions). Leaves split
/// when they exceed ``leafCapacity`` points and subtrees collapse back into a leaf when they
/// shrink to half that, so the tree adapts to clustered data and to deletions. Chord distance is
/// monotonic in great-circle distance, so there are no special cases at the poles or the
/// antimeridian; reported distances are computed with ``Haversine/distance(_:_:radius:)``.
///
/// Each identifier names at most one point: inserting an identifier that is already present
/// moves its point. The index is a value type and `Sendable` when `ID` is.
public struct DynamicPointIndex<ID: Hashable & Sendable>: Sendable {
    /// Where each identifier's point is.
    @usableFromInline var locations: [ID: Coordinate] = [:]
    /// Octree nodes; `nodes[0]` is the root. Children occupy blocks of eight consecutive nodes.
    @usableFromInline var nodes: [Node] = [Node()]
    /// First positions of child blocks freed by collapses, for reuse.
    @usableFromInline var freeBlocks: [Int] = []

    /// A leaf splits when it holds more points than this (unless it is at ``maximumDepth``).
    @inlinable public static var leafCapacity: Int { 16 }
    /// An inner node collapses into a leaf when a removal leaves it this many points or fewer.
    @inlinable static var collapseThreshold: Int { 8 }
    /// Depth limit; cells there are about 2⁻³¹ of the Earth's radius (3 mm) across, so only
    /// co-located points share a leaf beyond ``leafCapacity``.
    @inlinable static var maximumDepth: Int { 32 }

    /// Creates an empty index.
    @inlinable public init() {}

    /// Creates an index holding the given points; a later pair with an earlier identifier
    /// moves that point.
    ///
    /// - Complexity: O(n log n) for well-spread data.
    @inlinable
    public init<Points: Sequence>(_ points: Points) where Points.Element == (ID, Coordinate) {
        for (id, coordinate) in points {
            insert(id, at: coordinate)
        }
    }

    /// The number of points.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { locations.count }

    /// Whether the index holds no points.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { locations.isEmpty }

    /// Whether `id` names a point in the index.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func contains(_ id: ID) -> Bool { locations[id] != nil }

    /// The coordinate stored for `id`, or `nil` when `id` is not in the index.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func coordinate(of id: ID) -> Coordinate? { locations[id] }

    /// Adds a point under `id`; if `id` is already present its point moves to `coordinate`.
    ///
    /// - Complexity: O(depth) expected, where depth is about log₄ of the point count for
    ///   well-spread data; O(leafCapacity × depth) when the insertion splits leaves.
    @inlinable
    public mutating func insert(_ id: ID, at coordinate: Coordinate) {
        if let previous = locations.updateValue(coordinate, forKey: id) {
            detach(id, from: previous)
        }
        attach(Entry(id: id, coordinate: coordinate))
    }

    /// Removes the point named `id`.
    ///
    /// - Returns: `true` when there was such a point.
    /// - Complexity: O(depth + leafCapacity) amortised.
    @inlinable @discardableResult
    public mutating func remove(_ id: ID) -> Bool {
        guard let previous = locations.removeValue(forKey: id) else { return false }
        detach(id, from: previous)
        return true
    }

    /// Moves the point named `id` to `coordinate`; does nothing when `id` is not present.
    ///
    /// - Returns: `true` when there was such a point.
    /// - Complexity: as ``remove(_:)`` plus ``insert(_:at:)``.
    @inlinable @discardableResult
    public mutating func move(_ id: ID, to coordinate: Coordinate) -> Bool {
        guard contains(id) else { return false }
        insert(id, at: coordinate)
        return true
    }

    /// Removes every point.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll() {
        self = DynamicPointIndex()
    }
}

extension DynamicPointIndex {
    /// A stored point.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var id: ID
        @usableFromInline var vector: SphereVector
        @usableFromInline var terms: HaversineTerms

        @inlinable
        init(id: ID, coordinate: Coordinate) {
            self.id = id
            self.vector = SphereVector(coordinate)
            self.terms = HaversineTerms(coordinate)
        }
    }

    /// An octree node: a leaf holds entries, an inner node the position of its eight children.
    @usableFromInline
    struct Node: Sendable {
        /// Position of the first of eight children in `nodes`, or −1 for a leaf.
        @usableFromInline var firstChild = -1
        /// Number of points in the subtree.
        @usableFromInline var count = 0
        /// The points of a leaf; empty for an inner node.
        @usableFromInline var entries: [Entry] = []

        @inlinable init() {}

        @inlinable var isLeaf: Bool { firstChild < 0 }
    }

    /// Adds an entry to the tree (not to `locations`), splitting the leaf it lands in if full.
    @inlinable
    mutating func attach(_ entry: Entry) {
        var position = 0
        var cell = OctreeCell.root
        var depth = 0
        while true {
            nodes[position].count += 1
            if nodes[position].isLeaf {
                nodes[position].entries.append(entry)
                if nodes[position].entries.count > Self.leafCapacity {
                    split(position, cell: cell, depth: depth)
                }
                return
            }
            let octant = cell.octant(of: entry.vector)
            position = nodes[position].firstChild + octant
            cell = cell.child(octant)
            depth += 1
        }
    }

    /// Removes the entry for `id`, stored at `coordinate`, from the tree (not from `locations`),
    /// collapsing the highest inner node on the path that falls to ``collapseThreshold``.
    @inlinable
    mutating func detach(_ id: ID, from coordinate: Coordinate) {
        let vector = SphereVector(coordinate)
        var position = 0
        var cell = OctreeCell.root
        var collapsible = -1
        while true {
            nodes[position].count -= 1
            if nodes[position].isLeaf {
                if let slot = nodes[position].entries.firstIndex(where: { $0.id == id }) {
                    nodes[position].entries.swapAt(slot, nodes[position].entries.count - 1)
                    nodes[position].entries.removeLast()
                } else {
                    assertionFailure("DynamicPointIndex: entry missing from the leaf on its path")
                }
                break
            }
            if collapsible < 0, nodes[position].count <= Self.collapseThreshold {
                collapsible = position
            }
            let octant = cell.octant(of: vector)
            position = nodes[position].firstChild + octant
            cell = cell.child(octant)
        }
        if collapsible >= 0 {
            var gathered = [Entry]()
            gathered.reserveCapacity(nodes[collapsible].count)
            gather(collapsible, into: &gathered)
            nodes[collapsible].entries = gathered
        }
    }

    /// Turns a leaf into an inner node, distributing its entries to eight new children and
    /// splitting any child that is still over capacity.
    @inlinable
    mutating func split(_ position: Int, cell: OctreeCell, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        let entries = nodes[position].entries
        nodes[position].entries = []
        let block = allocateBlock()
        nodes[position].firstChild = block
        for entry in entries {
            let child = block + cell.octant(of: entry.vector)
            nodes[child].entries.append(entry)
            nodes[child].count += 1
        }
        for octant in 0..<8 where nodes[block + octant].count > Self.leafCapacity {
            split(block + octant, cell: cell.child(octant), depth: depth + 1)
        }
    }

    /// Moves every entry below `position` into `gathered`, freeing the child blocks and leaving
    /// `position` an empty leaf.
    @inlinable
    mutating func gather(_ position: Int, into gathered: inout [Entry]) {
        let block = nodes[position].firstChild
        guard block >= 0 else {
            gathered.append(contentsOf: nodes[position].entries)
            nodes[position].entries = []
            return
        }
        for octant in 0..<8 {
            gather(block + octant, into: &gathered)
        }
        freeBlocks.append(block)
        nodes[position].firstChild = -1
    }

    /// Returns the position of eight fresh empty leaves, reusing a freed block when possible.
    @inlinable
    mutating func allocateBlock() -> Int {
        if let block = freeBlocks.popLast() {
            for octant in 0..<8 {
                nodes[block + octant] = Node()
            }
            return block
        }
        let block = nodes.count
        nodes.append(contentsOf: repeatElement(Node(), count: 8))
        return block
    }
}
