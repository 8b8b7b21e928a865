/// A reference ellipsoid of revolution.
public struct Ellipsoid: Sendable, Hashable {
    /// Equatorial radius in metres.
    public let equatorialRadius: Double
    /// Flattening f = (a − b) / a.
    public let flattening: Double

    /// Creates an ellipsoid from its equatorial radius (metres) and flattening.
    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// WGS84: a = 6 378 137 m, f = 1 / 298.257223563 (NIMA TR8350.2).
    public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    /// Polar radius b = a (1 − f), metres.
    public var polarRadius: Double { equatorialRadius * (1 - flattening) }

    /// First eccentricity squared e² = f (2 − f).
    public var eccentricitySquared: Double { flattening * (2 - flattening) }
}

/// Earth radii used by spherical approximations.
public enum EarthRadius {
    /// The IUGG mean radius R₁ = (2a + b) / 3 of WGS84, 6 371 008.8 m. Used by haversine.
    public static let mean: Double = 6_371_008.8
}
