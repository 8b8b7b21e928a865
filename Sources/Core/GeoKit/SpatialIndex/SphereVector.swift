import Foundation

/// A point on the unit sphere as a 3-D vector: the internal representation of the point indexes.
///
/// Straight-line (chord) distance between unit vectors is a monotonic function of great-circle
/// distance, `chord = 2 sin(θ / 2)`, so the indexes search in 3-D with no special cases at the
/// poles or the antimeridian, and convert only the final results to metres.
@usableFromInline
struct SphereVector: Sendable, Hashable {
    /// Components; `x` points at (0°, 0°), `y` at (0°, 90° E), `z` at the North Pole.
    @usableFromInline var x: Double
    @usableFromInline var y: Double
    @usableFromInline var z: Double

    /// A vector from its components (not normalised).
    @inlinable
    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unit vector of a coordinate, each component clamped to −1…1 against rounding.
    ///
    /// - Complexity: O(1); four trigonometric calls.
    @inlinable
    init(_ coordinate: Coordinate) {
        let latitude = coordinate.latitude * Angle.radiansPerDegree
        let longitude = coordinate.longitude * Angle.radiansPerDegree
        let cosLatitude = cos(latitude)
        x = Swift.min(1, Swift.max(-1, cosLatitude * cos(longitude)))
        y = Swift.min(1, Swift.max(-1, cosLatitude * sin(longitude)))
        z = Swift.min(1, Swift.max(-1, sin(latitude)))
    }

    /// Squared straight-line distance to another vector (squared chord for unit vectors).
    @inlinable
    func chordSquared(to other: SphereVector) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        let dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }
}

/// Shared radius handling for the point indexes.
@usableFromInline
enum PointIndexRadius {
    /// Absolute slack added to squared-chord bounds, so that rounding in the 3-D arithmetic can
    /// never exclude a point whose haversine distance is within the radius. (Haversine's own
    /// rounding is about 1e-16 in the same units.) Candidates are re-checked with
    /// ``Haversine/distance(_:_:radius:)``, so the slack only costs a few extra checks.
    @usableFromInline static let chordSquaredSlack = 1e-12

    /// Refuses a radius that is negative or not finite.
    ///
    /// - Throws: ``BoundingBoxError/invalidRadius(_:)`` naming the refused value.
    @inlinable
    static func validate(_ radius: Double) throws(BoundingBoxError) {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
    }

    /// A squared-chord bound that every unit vector within `radius` metres (great-circle, mean
    /// sphere) of a query satisfies; `+∞` when the radius reaches half the circumference.
    @inlinable
    static func chordSquaredBound(radius: Double) -> Double {
        let angle = radius / EarthRadius.mean
        guard angle < Double.pi else { return .infinity }
        let chord = 2 * sin(angle / 2)
        return chord * chord + chordSquaredSlack
    }
}
