extension DynamicPointIndex {
    /// The `k` points nearest to `query`, nearest first. Points at exactly equal distances come
    /// in an unspecified order, and when `k` cuts through such a tie which of them are returned
    /// is unspecified.
    ///
    /// Returns every point when `k` ≥ ``count`` and none when `k` ≤ 0. Distances are great-circle
    /// metres on the mean sphere, computed with ``Haversine/distance(_:_:radius:)``.
    ///
    /// - Complexity: about O(log n + k log k) for well-spread data; allocates the result.
    ///   Use ``nearest(to:k:into:)`` in hot loops.
    @inlinable
    public func nearest(to query: Coordinate, k: Int) -> [IdentifiedNeighbor<ID>] {
        var result = [IdentifiedNeighbor<ID>]()
        nearest(to: query, k: k, into: &result)
        return result
    }

    /// Like ``nearest(to:k:)``, but writes the neighbours into `result`, replacing its contents.
    /// Does not allocate for the result once `result` has capacity for `min(k, count)` elements.
    ///
    /// - Complexity: about O(log n + k log k) for well-spread data.
    @inlinable
    public func nearest(to query: Coordinate, k: Int, into result: inout [IdentifiedNeighbor<ID>]) {
        result.removeAll(keepingCapacity: true)
        let k = Swift.min(k, count)
        guard k > 0 else { return }
        let vector = SphereVector(query)
        nodes.withUnsafeBufferPointer { nodes in
            // While searching, `distance` holds the squared chord; `result` is a max-heap.
            Self.visitNearest(0, cell: .root, nodes: nodes, query: vector, k: k, heap: &result)
        }
        for i in result.indices {
            if let coordinate = locations[result[i].id] {
                result[i].distance = Haversine.distance(query, coordinate)
            }
        }
        result.withUnsafeMutableBufferPointer { buffer in
            NeighborSorting.sort(buffer, by: Self.precedes)
        }
    }

    /// Every point within `radius` metres (great-circle, mean sphere, inclusive) of `center`,
    /// nearest first; equal distances come in an unspecified order.
    ///
    /// A radius of half the circumference (π × ``EarthRadius/mean``) or more returns every point.
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` when `radius` is negative or not finite.
    /// - Complexity: about O(log n + m log m) for m results on well-spread data.
    @inlinable
    public func within(radius: Double, of center: Coordinate) throws(BoundingBoxError) -> [IdentifiedNeighbor<
        ID
    >] {
        var result = [IdentifiedNeighbor<ID>]()
        try within(radius: radius, of: center, into: &result)
        return result
    }

    /// Like ``within(radius:of:)``, but writes the neighbours into `result`, replacing its
    /// contents. Does not allocate for the result once `result` has capacity for the matches.
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` when `radius` is negative or not finite;
    ///   `result` is then left empty.
    /// - Complexity: about O(log n + m log m) for m results on well-spread data.
    @inlinable
    public func within(
        radius: Double, of center: Coordinate, into result: inout [IdentifiedNeighbor<ID>]
    ) throws(BoundingBoxError) {
        result.removeAll(keepingCapacity: true)
        try PointIndexRadius.validate(radius)
        guard !isEmpty else { return }
        let bound = PointIndexRadius.chordSquaredBound(radius: radius)
        let vector = SphereVector(center)
        nodes.withUnsafeBufferPointer { nodes in
            Self.visitWithin(
                0, cell: .root, nodes: nodes, query: vector, bound: bound, center: HaversineTerms(center),
                radius: radius, into: &result)
        }
        result.withUnsafeMutableBufferPointer { buffer in
            NeighborSorting.sort(buffer, by: Self.precedes)
        }
    }
}

extension DynamicPointIndex {
    /// Result order: nearer first.
    @inlinable
    static func precedes(_ a: IdentifiedNeighbor<ID>, _ b: IdentifiedNeighbor<ID>) -> Bool {
        a.distance < b.distance
    }

    /// Depth-first k-nearest search, nearer children first, pruning cells farther than the
    /// current k-th candidate. `heap` is a max-heap by squared chord, at most `k` long.
    @inlinable
    static func visitNearest(
        _ position: Int, cell: OctreeCell, nodes: UnsafeBufferPointer<Node>, query: SphereVector,
        k: Int, heap: inout [IdentifiedNeighbor<ID>]
    ) {
        let node = nodes[position]
        if node.isLeaf {
            for entry in node.entries {
                let distance = entry.vector.chordSquared(to: query)
                if heap.count < k {
                    heap.append(IdentifiedNeighbor(id: entry.id, distance: distance))
                    heap.withUnsafeMutableBufferPointer { buffer in
                        NeighborSorting.siftUp(buffer, from: buffer.count - 1, by: precedes)
                    }
                } else if distance < heap[0].distance {
                    heap[0] = IdentifiedNeighbor(id: entry.id, distance: distance)
                    heap.withUnsafeMutableBufferPointer { buffer in
                        NeighborSorting.siftDown(buffer, from: 0, count: buffer.count, by: precedes)
                    }
                }
            }
            return
        }
        // Visit the non-empty children nearest first (insertion sort of at most eight).
        withUnsafeTemporaryAllocation(of: (distance: Double, octant: Int).self, capacity: 8) { children in
            var filled = 0
            for octant in 0..<8 where nodes[node.firstChild + octant].count > 0 {
                let distance = cell.child(octant).distanceSquared(to: query)
                var slot = filled
                while slot > 0, children[slot - 1].distance > distance {
                    children[slot] = children[slot - 1]
                    slot -= 1
                }
                children[slot] = (distance, octant)
                filled += 1
            }
            for (distance, octant) in children.prefix(filled) {
                if heap.count == k, distance > heap[0].distance { break }
                visitNearest(
                    node.firstChild + octant, cell: cell.child(octant), nodes: nodes, query: query,
                    k: k, heap: &heap)
            }
        }
    }

    /// Depth-first range search: cells beyond the chord bound are skipped, candidates inside it
    /// are confirmed with the haversine distance.
    @inlinable
    static func visitWithin(
        _ position: Int, cell: OctreeCell, nodes: UnsafeBufferPointer<Node>, query: SphereVector,
        bound: Double, center: HaversineTerms, radius: Double, into result: inout [IdentifiedNeighbor<ID>]
    ) {
        let node = nodes[position]
        guard node.count > 0, cell.distanceSquared(to: query) <= bound else { return }
        if node.isLeaf {
            for entry in node.entries where entry.vector.chordSquared(to: query) <= bound {
                let distance = center.distance(to: entry.terms)
                if distance <= radius {
                    result.append(IdentifiedNeighbor(id: entry.id, distance: distance))
                }
            }
            return
        }
        for octant in 0..<8 {
            visitWithin(
                node.firstChild + octant, cell: cell.child(octant), nodes: nodes, query: query,
                bound: bound, center: center, radius: radius, into: &result)
        }
    }
}
