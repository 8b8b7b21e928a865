import Foundation

/// A GeoJSON document (RFC 7946): a geometry, a feature or a feature collection.
///
/// ``decode(_:)`` parses and validates strictly, reporting the JSON path of the first
/// problem; ``encode()`` writes compact JSON with a fixed member order, so equal values give
/// byte-identical output. Foreign members and `crs` are ignored on input and not written.
public enum GeoJSON: Sendable, Hashable {
    /// A bare geometry object.
    case geometry(Geometry)
    /// A Feature object.
    case feature(Feature)
    /// A FeatureCollection object.
    case featureCollection(FeatureCollection)

    /// Deepest nesting of GeometryCollections accepted by ``decode(_:)``.
    public static let maxCollectionDepth = 64

    /// Parses and validates a GeoJSON document.
    ///
    /// Checks RFC 7946 structure: `type` present and known; members of the right JSON kind;
    /// positions of 2 or 3 finite numbers with longitude in −180…180 and latitude in −90…90;
    /// line strings of ≥ 2 positions; closed linear rings of ≥ 4 positions; `bbox` of 4 or 6
    /// numbers; Feature `id` a string or number; `geometry` present (possibly null);
    /// `properties` an object or null (a missing `properties` reads as null). Ring winding
    /// is not checked (RFC 7946 says parsers should not reject it).
    ///
    /// - Throws: ``GeoJSONError`` whose ``GeoJSONError/path`` names the offending member, e.g.
    ///   `features[3].geometry.coordinates[0]`; malformed JSON (also empty, truncated or
    ///   non-UTF-8 input, nesting beyond 256 levels, numbers beyond `Double`) is refused with a
    ///   byte offset.
    /// - Complexity: O(n) in the input size.
    public static func decode(_ data: Data) throws(GeoJSONError) -> GeoJSON {
        let value = try JSONParser.parse([UInt8](data))
        return try GeoJSONReader.document(value)
    }

    /// The document as compact UTF-8 JSON. Members are written in a fixed order (`type`
    /// first, then `id`, `bbox`, `geometry`/`coordinates`/`geometries`/`features`,
    /// `properties`); property objects have keys sorted by UTF-8 bytes.
    /// - Complexity: O(n) in the output size.
    public func encode() -> Data {
        var writer = JSONWriter()
        writer.write(self)
        return Data(writer.bytes)
    }
}
