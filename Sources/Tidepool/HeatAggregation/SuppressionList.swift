import GeoKit

/// A sensitive area: a point (a school, a clinic, a shelter, …) and the radius around it in
/// which no presence is published.
public struct SensitiveArea: Sendable, Equatable, Codable {
    /// Centre of the area.
    public var latitude: Double
    /// Centre of the area.
    public var longitude: Double
    /// Radius, metres (≥ 0).
    public var radiusMeters: Double
    /// Why it is sensitive (a category id such as `school`, or a free label).
    public var reason: String

    /// Creates a sensitive area.
    public init(latitude: Double, longitude: Double, radiusMeters: Double, reason: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMeters = radiusMeters
        self.reason = reason
    }
}

/// The base tiles whose reports are dropped before counting, because they touch a sensitive
/// area. Data-independent (a public list), so suppression costs no privacy budget. Suppressed
/// reports count at no level: a parent never reveals presence inside a suppressed base tile.
public struct SuppressionList: Sendable, Equatable {
    /// The suppressed level-0 tiles.
    public private(set) var tiles: Set<TileID>

    /// An empty list.
    public init() { tiles = [] }

    /// The base tiles touching any of `areas` (each area's conservative bounding box).
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` naming the area
    ///   index for an invalid centre or radius.
    public init(areas: [SensitiveArea], tiler: GridTiler) throws(HeatAggregationError) {
        tiles = []
        for (position, area) in areas.enumerated() {
            try add(area, tiler: tiler, position: position)
        }
    }

    /// Adds the base tiles touching `area`.
    mutating func add(_ area: SensitiveArea, tiler: GridTiler, position: Int) throws(HeatAggregationError) {
        guard area.radiusMeters.isFinite, area.radiusMeters >= 0, area.radiusMeters <= 10_000 else {
            throw .invalidParameter(
                name: "areas[\(position)].radiusMeters", value: area.radiusMeters,
                reason: "must be in 0...10000")
        }
        do {
            let center = try Coordinate(latitude: area.latitude, longitude: area.longitude)
            let box = try BoundingBox.around(center, radius: max(area.radiusMeters, 0.01))
            for tile in try tiler.cover(box, level: 0, limit: 100_000) { tiles.insert(tile) }
        } catch {
            throw .invalidParameter(
                name: "areas[\(position)]", value: area.latitude, reason: "\(error) (\(area.reason))")
        }
    }

    /// Whether a base tile is suppressed.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ tile: TileID) -> Bool { tiles.contains(tile) }
}
