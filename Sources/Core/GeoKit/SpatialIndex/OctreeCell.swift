/// An axis-aligned cube of 3-D space, as a node of the ``DynamicPointIndex`` octree sees it.
///
/// The root is the cube −1…1 on every axis, which holds the whole unit sphere. Children halve
/// the edge; centres and half-edges are powers of two apart, so they are exact in binary
/// floating point and every descent to a point reaches the same leaf.
@usableFromInline
struct OctreeCell: Sendable {
    /// Centre of the cube.
    @usableFromInline var center: SphereVector
    /// Half the edge length.
    @usableFromInline var half: Double

    /// A cube from its centre and half-edge.
    @inlinable
    init(center: SphereVector, half: Double) {
        self.center = center
        self.half = half
    }

    /// The cube −1…1 on every axis.
    @usableFromInline static let root = OctreeCell(center: SphereVector(x: 0, y: 0, z: 0), half: 1)

    /// Which of the eight children holds `vector`: bit 0 for x, 1 for y, 2 for z, set on the
    /// upper side (ties go up).
    @inlinable
    func octant(of vector: SphereVector) -> Int {
        (vector.x >= center.x ? 1 : 0) | (vector.y >= center.y ? 2 : 0) | (vector.z >= center.z ? 4 : 0)
    }

    /// The child cube numbered as in ``octant(of:)``.
    @inlinable
    func child(_ octant: Int) -> OctreeCell {
        let quarter = half / 2
        return OctreeCell(
            center: SphereVector(
                x: center.x + (octant & 1 != 0 ? quarter : -quarter),
                y: center.y + (octant & 2 != 0 ? quarter : -quarter),
                z: center.z + (octant & 4 != 0 ? quarter : -quarter)),
            half: quarter)
    }

    /// Squared distance from `vector` to the nearest point of the cube (0 inside it): a lower
    /// bound on the squared chord to any point stored below this cell.
    @inlinable
    func distanceSquared(to vector: SphereVector) -> Double {
        let dx = Swift.max(abs(vector.x - center.x) - half, 0)
        let dy = Swift.max(abs(vector.y - center.y) - half, 0)
        let dz = Swift.max(abs(vector.z - center.z) - half, 0)
        return dx * dx + dy * dy + dz * dz
    }
}
