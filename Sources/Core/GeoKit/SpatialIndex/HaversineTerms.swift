import Foundation

/// A point's haversine inputs, precomputed so that a distance costs two sines and an arcsine
/// instead of two sines, two cosines and an arcsine.
///
/// ``distance(to:)`` evaluates exactly the expression of ``Haversine/distance(_:_:radius:)``
/// (Sinnott 1984) on the mean sphere, in the same order, so its result is bit-identical to
/// `Haversine.distance(self, other)`; the point-index tests check that equality.
@usableFromInline
struct HaversineTerms: Sendable {
    /// Latitude in radians.
    @usableFromInline var latitude: Double
    /// Longitude in radians.
    @usableFromInline var longitude: Double
    /// Cosine of the latitude.
    @usableFromInline var cosLatitude: Double

    /// The terms of a coordinate.
    ///
    /// - Complexity: O(1); one cosine.
    @inlinable
    init(_ coordinate: Coordinate) {
        latitude = coordinate.latitude * Angle.radiansPerDegree
        longitude = coordinate.longitude * Angle.radiansPerDegree
        cosLatitude = cos(latitude)
    }

    /// Great-circle metres on the mean sphere from `self` to `other`, equal to
    /// `Haversine.distance(self, other)`.
    @inlinable
    func distance(to other: HaversineTerms) -> Double {
        let sinHalfDLat = sin((other.latitude - latitude) / 2)
        let sinHalfDLon = sin((other.longitude - longitude) / 2)
        let h = sinHalfDLat * sinHalfDLat + cosLatitude * other.cosLatitude * sinHalfDLon * sinHalfDLon
        return 2 * asin(min(1, h.squareRoot())) * EarthRadius.mean
    }
}
