/// A GeoJSON Feature (RFC 7946 §3.2): a geometry (or none) with properties.
public struct Feature: Sendable, Hashable {
    /// A feature identifier: RFC 7946 allows a string or a number.
    public enum ID: Sendable, Hashable {
        /// A string identifier.
        case string(String)
        /// A numeric identifier (integers beyond ±2⁵³ lose precision).
        case number(Double)
    }

    /// The optional `id` member.
    public var id: ID?
    /// The geometry, or `nil` for an unlocated feature (written `"geometry": null`).
    public var geometry: Geometry?
    /// The `properties` object, or `nil` (written `"properties": null`).
    public var properties: [String: JSONValue]?
    /// The optional `bbox` member.
    public var bbox: GeoJSONBoundingBox?

    /// Creates a feature.
    /// - Complexity: O(1).
    public init(
        id: ID? = nil, geometry: Geometry?, properties: [String: JSONValue]? = nil,
        bbox: GeoJSONBoundingBox? = nil
    ) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.bbox = bbox
    }
}

/// A GeoJSON FeatureCollection (RFC 7946 §3.3).
public struct FeatureCollection: Sendable, Hashable {
    /// The features, in document order.
    public var features: [Feature]
    /// The optional `bbox` member.
    public var bbox: GeoJSONBoundingBox?

    /// Creates a collection.
    /// - Complexity: O(1).
    public init(features: [Feature], bbox: GeoJSONBoundingBox? = nil) {
        self.features = features
        self.bbox = bbox
    }
}

extension Feature {
    /// A Polygon feature outlining a grid cell, with `id` and property `"tile"` set to the
    /// tile's string form and `"level"` to its level.
    ///
    /// The ring is the cell's ``GridTiler/polygon(of:)``: closed and counter-clockwise, as
    /// RFC 7946 recommends for exterior rings. Cells never cross the antimeridian.
    /// - Throws: ``GridTilerError`` when `tile` is not a cell of `tiler`.
    /// - Complexity: O(1).
    public init(tile: TileID, tiler: GridTiler) throws(GridTilerError) {
        let ring = try tiler.polygon(of: tile).map(Geometry.Position.init)
        self.init(
            id: .string(tile.description),
            geometry: Geometry(.polygon([ring])),
            properties: ["tile": .string(tile.description), "level": .number(Double(tile.level))])
    }
}
