import GeoKit

/// A place bucket of seed §9.2: photos taken within a few hundred metres, ranked by distinct
/// days then photos.
public struct PlaceCluster: Sendable, Equatable, Codable, Identifiable {
    /// Stable identity: the seed grid cell (`g120:<row>:<column>`); the same photos give the same id.
    public var id: String
    /// Mean position of its photos.
    public var centroid: Coordinate
    /// Largest distance from the centroid to one of its photos, metres.
    public var radius: Double
    /// Photos in the cluster.
    public var photoCount: Int
    /// Distinct local days with a photo there.
    public var distinctDays: Int
    /// First and last local day with a photo there.
    public var firstDay: LocalDate
    /// Last local day with a photo there.
    public var lastDay: LocalDate
    /// Its photos' asset ids, oldest first.
    public var assetIDs: [String]
    /// Up to K photos evenly spaced in time (seed §10.5).
    public var representativeIDs: [String]
    /// The label, once Stage C ran (nil before, or when the lookup knows nothing).
    public var label: PlaceLabel?
    /// Hidden by the user: excluded from every place card and the collage.
    public var isHidden: Bool

    /// Creates a cluster (the clusterer makes them; stores rebuild them).
    public init(
        id: String, centroid: Coordinate, radius: Double, photoCount: Int, distinctDays: Int, firstDay: LocalDate,
        lastDay: LocalDate, assetIDs: [String], representativeIDs: [String], label: PlaceLabel?, isHidden: Bool
    ) {
        self.id = id
        self.centroid = centroid
        self.radius = radius
        self.photoCount = photoCount
        self.distinctDays = distinctDays
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.assetIDs = assetIDs
        self.representativeIDs = representativeIDs
        self.label = label
        self.isHidden = isHidden
    }

    /// The label text, or a coarse coordinate when there is none (never finer than ~1 km).
    public var displayLabel: String {
        if let label { return label.text }
        let lat = (centroid.latitude * 100).rounded() / 100
        let lon = (centroid.longitude * 100).rounded() / 100
        return "Near \(abs(lat))°\(lat >= 0 ? "N" : "S"), \(abs(lon))°\(lon >= 0 ? "E" : "W")"
    }
}
