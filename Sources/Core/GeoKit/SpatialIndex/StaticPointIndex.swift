/// An immutable spatial index over a fixed array of coordinates, for k-nearest and radius
/// queries over millions of points.
///
/// Points are converted to unit vectors on the sphere and stored in an implicit bucketed k-d
/// tree (Bentley 1975; Friedman, Bentley & Finkel 1977): each node splits its points at the
/// median of its widest axis, children of node `i` are nodes `2i + 1` and `2i + 2`, and a node
/// stores only its bounding box, rounded outward to `Float` (24 bytes). Chord distance between
/// unit vectors is monotonic in great-circle distance, so the search needs no special cases at
/// the poles or the antimeridian. Each reported distance is computed exactly as
/// ``Haversine/distance(_:_:radius:)`` does on the mean sphere, so results agree with a
/// brute-force haversine scan.
///
/// Points are identified by their position in the array the index was built from.
/// The index is a value type and `Sendable`; queries do not mutate it and may run concurrently.
public struct StaticPointIndex: Sendable {
    /// The coordinates the index was built from, in their original order; a
    /// ``PointNeighbor/index`` is a position in this array.
    public let coordinates: [Coordinate]

    /// The points in tree order: node `i` owns a contiguous range, found by halving from the root.
    let points: [Point]

    /// Haversine inputs in tree order (`terms[i]` belongs to `points[i]`), so that converting
    /// results to metres reads memory the search just touched and skips two cosines.
    let terms: [HaversineTerms]

    /// Bounding boxes in implicit (heap) order; slots below leaves are unused.
    let boxes: [Box]

    /// Maximum number of points in a leaf.
    static let leafCapacity = 16

    /// Builds the index.
    ///
    /// - Parameter coordinates: the points; duplicates and co-located points are allowed.
    /// - Complexity: O(n log n) time (median splits by quickselect, Hoare 1961), O(n) memory:
    ///   about 60 bytes per point beyond `coordinates`.
    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var points = [Point]()
        points.reserveCapacity(coordinates.count)
        for (index, coordinate) in coordinates.enumerated() {
            points.append(Point(vector: SphereVector(coordinate), index: index))
        }
        // The deepest, right-most node is on the path that always takes the larger (right) half.
        var last = 0
        var size = points.count
        while size > Self.leafCapacity {
            last = 2 * last + 2
            size -= size / 2
        }
        var boxes = [Box](repeating: Box(), count: points.isEmpty ? 0 : last + 1)
        points.withUnsafeMutableBufferPointer { points in
            boxes.withUnsafeMutableBufferPointer { boxes in
                if !points.isEmpty {
                    Self.build(points, boxes: boxes, position: 0, lower: 0, upper: points.count)
                }
            }
        }
        self.terms = points.map { HaversineTerms(coordinates[$0.index]) }
        self.points = points
        self.boxes = boxes
    }

    /// The number of points.
    ///
    /// - Complexity: O(1).
    public var count: Int { coordinates.count }

    /// Whether the index holds no points.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { coordinates.isEmpty }
}

extension StaticPointIndex {
    /// A point in tree order: its unit vector and its position in ``coordinates``.
    struct Point: Sendable {
        var vector: SphereVector
        var index: Int
    }

    /// A node's bounding box in single precision, rounded outward so it still contains every
    /// point of the node.
    struct Box: Sendable {
        var minX: Float = 0, minY: Float = 0, minZ: Float = 0
        var maxX: Float = 0, maxY: Float = 0, maxZ: Float = 0

        init() {}

        init(minimum: SphereVector, maximum: SphereVector) {
            minX = Self.down(minimum.x)
            minY = Self.down(minimum.y)
            minZ = Self.down(minimum.z)
            maxX = Self.up(maximum.x)
            maxY = Self.up(maximum.y)
            maxZ = Self.up(maximum.z)
        }

        static func down(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) > value ? rounded.nextDown : rounded
        }

        static func up(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) < value ? rounded.nextUp : rounded
        }

        /// Squared distance from a vector to the nearest point of the box (0 inside it); a lower
        /// bound on the squared chord to any point of the node.
        func distanceSquared(to q: SphereVector) -> Double {
            let dx = Swift.max(Double(minX) - q.x, 0, q.x - Double(maxX))
            let dy = Swift.max(Double(minY) - q.y, 0, q.y - Double(maxY))
            let dz = Swift.max(Double(minZ) - q.z, 0, q.z - Double(maxZ))
            return dx * dx + dy * dy + dz * dz
        }
    }

    /// Whether a node holding `count` points is a leaf.
    static func isLeaf(count: Int) -> Bool { count <= leafCapacity }

    /// Fills the box at `position` for `points[lower..<upper]` and, unless that is a leaf,
    /// splits the range at its middle along the box's widest axis and builds both children.
    static func build(
        _ points: UnsafeMutableBufferPointer<Point>, boxes: UnsafeMutableBufferPointer<Box>,
        position: Int, lower: Int, upper: Int
    ) {
        var minimum = points[lower].vector
        var maximum = minimum
        for i in (lower + 1)..<upper {
            let v = points[i].vector
            minimum.x = Swift.min(minimum.x, v.x)
            maximum.x = Swift.max(maximum.x, v.x)
            minimum.y = Swift.min(minimum.y, v.y)
            maximum.y = Swift.max(maximum.y, v.y)
            minimum.z = Swift.min(minimum.z, v.z)
            maximum.z = Swift.max(maximum.z, v.z)
        }
        boxes[position] = Box(minimum: minimum, maximum: maximum)
        guard !isLeaf(count: upper - lower) else { return }

        let spanX = maximum.x - minimum.x
        let spanY = maximum.y - minimum.y
        let spanZ = maximum.z - minimum.z
        let axis = spanX >= spanY && spanX >= spanZ ? 0 : (spanY >= spanZ ? 1 : 2)
        let middle = lower + (upper - lower) / 2
        select(points, lower: lower, upper: upper, nth: middle, axis: axis)
        build(points, boxes: boxes, position: 2 * position + 1, lower: lower, upper: middle)
        build(points, boxes: boxes, position: 2 * position + 2, lower: middle, upper: upper)
    }

    /// Reorders `points[lower..<upper]` so that position `nth` holds the element a sort on `axis`
    /// would put there, with no greater key before it and no smaller key after it.
    ///
    /// - Complexity: O(n) expected (Hoare's selection with median-of-three pivots).
    static func select(
        _ points: UnsafeMutableBufferPointer<Point>, lower: Int, upper: Int, nth: Int, axis: Int
    ) {
        func key(_ i: Int) -> Double {
            let v = points[i].vector
            return axis == 0 ? v.x : (axis == 1 ? v.y : v.z)
        }
        var left = lower
        var right = upper - 1
        while right > left {
            let a = key(left)
            let b = key(left + (right - left) / 2)
            let c = key(right)
            let pivot = Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
            var i = left
            var j = right
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j {
                    points.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j {
                right = j
            } else if nth >= i {
                left = i
            } else {
                return
            }
        }
    }
}
