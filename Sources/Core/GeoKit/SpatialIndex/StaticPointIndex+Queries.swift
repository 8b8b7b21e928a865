extension StaticPointIndex {
    /// The `k` points nearest to `query`, nearest first; ties in distance are broken by lower
    /// index, so among co-located points the earliest in ``coordinates`` win.
    ///
    /// Returns every point when `k` ≥ ``count`` and none when `k` ≤ 0. Distances are great-circle
    /// metres on the mean sphere, computed with ``Haversine/distance(_:_:radius:)``.
    ///
    /// - Complexity: about O(log n + k log k) for well-spread data; allocates the result array.
    ///   Use ``nearest(to:k:into:)`` in hot loops.
    public func nearest(to query: Coordinate, k: Int) -> [PointNeighbor] {
        var result = [PointNeighbor]()
        nearest(to: query, k: k, into: &result)
        return result
    }

    /// Like ``nearest(to:k:)``, but writes the neighbours into `result`, replacing its contents.
    ///
    /// Allocation-free once `result` has capacity for `min(k, count)` elements: reuse one buffer
    /// across queries. The running best-k set is a max-heap held in `result` itself.
    ///
    /// - Complexity: about O(log n + k log k) for well-spread data.
    public func nearest(to query: Coordinate, k: Int, into result: inout [PointNeighbor]) {
        result.removeAll(keepingCapacity: true)
        let k = Swift.min(k, count)
        guard k > 0 else { return }
        // Sentinels rank after every real point, so the heap starts full and stays valid.
        result.append(contentsOf: repeatElement(PointNeighbor(index: Int.max, distance: .infinity), count: k))
        let vector = SphereVector(query)
        points.withUnsafeBufferPointer { points in
            boxes.withUnsafeBufferPointer { boxes in
                terms.withUnsafeBufferPointer { terms in
                    result.withUnsafeMutableBufferPointer { heap in
                        // While searching, an entry holds a tree position and a squared chord.
                        let search = NearestSearch(points: points, boxes: boxes, heap: heap, query: vector)
                        search.visit(0, lower: 0, upper: points.count)
                        let queryTerms = HaversineTerms(query)
                        for i in heap.indices {
                            let position = heap[i].index
                            heap[i] = PointNeighbor(
                                index: points[position].index,
                                distance: queryTerms.distance(to: terms[position]))
                        }
                        NeighborSorting.sort(heap, by: PointNeighbor.precedes)
                    }
                }
            }
        }
    }

    /// Every point within `radius` metres (great-circle, mean sphere, inclusive) of `center`,
    /// nearest first, ties by lower index.
    ///
    /// A radius of half the circumference (π × ``EarthRadius/mean``) or more returns every point.
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` when `radius` is negative or not finite.
    /// - Complexity: about O(log n + m log m) for m results on well-spread data; allocates the
    ///   result array. Use ``within(radius:of:into:)`` in hot loops.
    public func within(radius: Double, of center: Coordinate) throws(BoundingBoxError) -> [PointNeighbor] {
        var result = [PointNeighbor]()
        try within(radius: radius, of: center, into: &result)
        return result
    }

    /// Like ``within(radius:of:)``, but writes the neighbours into `result`, replacing its
    /// contents. Allocation-free once `result` has capacity for the matches: reuse one buffer.
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` when `radius` is negative or not finite;
    ///   `result` is then left empty.
    /// - Complexity: about O(log n + m log m) for m results on well-spread data; the sort is an
    ///   in-place heapsort.
    public func within(
        radius: Double, of center: Coordinate, into result: inout [PointNeighbor]
    ) throws(BoundingBoxError) {
        result.removeAll(keepingCapacity: true)
        try PointIndexRadius.validate(radius)
        guard !isEmpty else { return }
        let search = RadiusSearch(
            query: SphereVector(center), center: HaversineTerms(center), radius: radius,
            bound: PointIndexRadius.chordSquaredBound(radius: radius))
        points.withUnsafeBufferPointer { points in
            boxes.withUnsafeBufferPointer { boxes in
                terms.withUnsafeBufferPointer { terms in
                    search.visit(
                        0, lower: 0, upper: points.count, points: points, boxes: boxes, terms: terms,
                        into: &result)
                }
            }
        }
        result.withUnsafeMutableBufferPointer { buffer in
            NeighborSorting.sort(buffer, by: PointNeighbor.precedes)
        }
    }
}

extension StaticPointIndex {
    /// Depth-first k-nearest search, nearer child first, pruning boxes farther than the current
    /// k-th candidate (Friedman, Bentley & Finkel 1977).
    struct NearestSearch {
        let points: UnsafeBufferPointer<Point>
        let boxes: UnsafeBufferPointer<Box>
        /// Max-heap of the best k so far, entries (tree position, squared chord), ordered by
        /// squared chord then original index; `heap[0]` is the worst. Sentinels have position
        /// `Int.max` and an infinite distance.
        let heap: UnsafeMutableBufferPointer<PointNeighbor>
        let query: SphereVector

        /// The original index of a heap entry; `Int.max` for a sentinel.
        func originalIndex(_ position: Int) -> Int {
            position < points.count ? points[position].index : Int.max
        }

        func ranks(_ a: PointNeighbor, before b: PointNeighbor) -> Bool {
            a.distance < b.distance
                || (a.distance == b.distance && originalIndex(a.index) < originalIndex(b.index))
        }

        /// Searches node `position`, which holds `points[lower..<upper]`.
        func visit(_ position: Int, lower: Int, upper: Int) {
            if isLeaf(count: upper - lower) {
                for i in lower..<upper {
                    let point = points[i]
                    let distance = point.vector.chordSquared(to: query)
                    let worst = heap[0]
                    if distance < worst.distance
                        || (distance == worst.distance && point.index < originalIndex(worst.index))
                    {
                        heap[0] = PointNeighbor(index: i, distance: distance)
                        NeighborSorting.siftDown(heap, from: 0, count: heap.count, by: ranks)
                    }
                }
                return
            }
            let middle = lower + (upper - lower) / 2
            let left = 2 * position + 1
            let right = left + 1
            let leftDistance = boxes[left].distanceSquared(to: query)
            let rightDistance = boxes[right].distanceSquared(to: query)
            // `<=` keeps boxes at exactly the k-th distance, which may hold a lower index.
            if leftDistance <= rightDistance {
                if leftDistance <= heap[0].distance { visit(left, lower: lower, upper: middle) }
                if rightDistance <= heap[0].distance { visit(right, lower: middle, upper: upper) }
            } else {
                if rightDistance <= heap[0].distance { visit(right, lower: middle, upper: upper) }
                if leftDistance <= heap[0].distance { visit(left, lower: lower, upper: middle) }
            }
        }
    }

    /// Depth-first range search: boxes beyond the chord bound are skipped, candidates inside it
    /// are confirmed with the haversine distance.
    struct RadiusSearch {
        let query: SphereVector
        let center: HaversineTerms
        let radius: Double
        /// Squared-chord bound from ``PointIndexRadius/chordSquaredBound(radius:)``.
        let bound: Double

        /// Collects matches from node `position`, which holds `points[lower..<upper]`.
        func visit(
            _ position: Int, lower: Int, upper: Int, points: UnsafeBufferPointer<Point>,
            boxes: UnsafeBufferPointer<Box>, terms: UnsafeBufferPointer<HaversineTerms>,
            into result: inout [PointNeighbor]
        ) {
            guard boxes[position].distanceSquared(to: query) <= bound else { return }
            if isLeaf(count: upper - lower) {
                for i in lower..<upper where points[i].vector.chordSquared(to: query) <= bound {
                    let distance = center.distance(to: terms[i])
                    if distance <= radius {
                        result.append(PointNeighbor(index: points[i].index, distance: distance))
                    }
                }
                return
            }
            let middle = lower + (upper - lower) / 2
            visit(
                2 * position + 1, lower: lower, upper: middle, points: points, boxes: boxes, terms: terms,
                into: &result)
            visit(
                2 * position + 2, lower: middle, upper: upper, points: points, boxes: boxes, terms: terms,
                into: &result)
        }
    }
}
