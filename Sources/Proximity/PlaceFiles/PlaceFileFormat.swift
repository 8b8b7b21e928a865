import Foundation

/// The formats a trip's places are read from and written to.
///
/// A file's format is decided by its content (``detect(_:)``), never by its name; a name only
/// chooses the format to write (``init(pathExtension:)``).
public enum PlaceFileFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// RFC 7946 GeoJSON: a FeatureCollection of Point features (`properties.name` required;
    /// `radius_m`, `category`, `opening_hours`, `note`, `id` optional).
    case geoJSON = "geojson"
    /// GPX 1.1 waypoints (`<wpt lat lon>` with `<name>`, `<desc>` as the note, `<type>` as the
    /// category; Loci's id, radius and hours in `<extensions>`).
    case gpx
    /// Loci's own JSON, a ``ProximityKit/PlaceSet``: a trip's settings and its places (the one
    /// format that keeps the trip).
    case lociJSON = "json"

    /// What users call it: `GeoJSON`, `GPX`, `Loci JSON`.
    public var description: String {
        switch self {
        case .geoJSON: "GeoJSON"
        case .gpx: "GPX"
        case .lociJSON: "Loci JSON"
        }
    }

    /// The format a file name asks for when writing: `.geojson` is GeoJSON, `.gpx` GPX, anything
    /// else (`.json` included) Loci JSON.
    public init(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "geojson": self = .geoJSON
        case "gpx": self = .gpx
        default: self = .lociJSON
        }
    }

    /// The format of `data` from its content, or `nil` when it is none of the three.
    ///
    /// XML (first non-blank byte `<`) is GPX; a JSON object with a `type` member is GeoJSON and
    /// one with `places` is Loci JSON. Parses the JSON once (Foundation's `JSONSerialization`).
    public static func detect(_ data: Data) -> PlaceFileFormat? {
        switch PlaceFileContent.sniff(data) {
        case .xml: return .gpx
        case .json(let object): return object.flatMap(PlaceFileContent.jsonFormat)
        case .other: return nil
        }
    }
}

/// The first look at a file's bytes, shared by ``PlaceFileFormat/detect(_:)`` and the reader.
enum PlaceFileContent {
    /// XML, a JSON text (its top-level object when it is one and parses), or neither.
    case xml
    case json([String: Any]?)
    case other

    /// Skips a UTF-8 byte-order mark and white space and looks at the first byte.
    static func sniff(_ data: Data) -> PlaceFileContent {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .other }
        switch first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])
        default: return .other
        }
    }

    /// GeoJSON when the object has `type`, Loci JSON when it has `places`.
    static func jsonFormat(_ object: [String: Any]) -> PlaceFileFormat? {
        if object["type"] != nil { return .geoJSON }
        if object["places"] != nil { return .lociJSON }
        return nil
    }
}
