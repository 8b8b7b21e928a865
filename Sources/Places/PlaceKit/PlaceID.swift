import Foundation

/// A place's stable identifier, `provider:local-id`.
///
/// OSM ids are derived from the element type and OSM id (`"osm:node/123"`, `"osm:way/45"`,
/// `"osm:relation/7"`), so they survive re-imports of the same data. Other providers keep their own
/// ids after their prefix (`"google:ChIJN1t_tDeuEmsRUsoyG83frY4"`). Encoded as a single string.
public struct PlaceID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The full identifier, e.g. `"osm:way/45"`.
    public let rawValue: String

    /// Accepts `provider:local` where the provider is non-empty lower-case ASCII letters and
    /// digits and the local part is non-empty and free of control characters (a NUL would cut the
    /// id short in C-string APIs); `nil` otherwise.
    public init?(rawValue: String) {
        guard let colon = rawValue.firstIndex(of: ":") else { return nil }
        let provider = rawValue[..<colon]
        let local = rawValue[rawValue.index(after: colon)...]
        let allowed = provider.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
        let control = local.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard !provider.isEmpty, allowed, !local.isEmpty, !control else { return nil }
        self.rawValue = rawValue
    }

    /// The id of an OSM element: `"osm:<type>/<id>"`.
    public init(osm type: OSMElementType, id: Int64) {
        self.rawValue = "osm:\(type.rawValue)/\(id)"
    }

    /// The id of a Google place: `"google:<placeID>"`, or `nil` if `placeID` is empty.
    public init?(googlePlaceID placeID: String) {
        self.init(rawValue: "google:\(placeID)")
    }

    /// The provider prefix: `"osm"`, `"google"`.
    public var provider: String {
        String(rawValue.prefix { $0 != ":" })
    }

    /// The identifier, as ``rawValue``.
    public var description: String { rawValue }

    /// Orders by raw value, for deterministic output.
    public static func < (lhs: PlaceID, rhs: PlaceID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a single string and validates it like ``init(rawValue:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = PlaceID(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not provider:local-id")
        }
        self = id
    }

    /// Encodes ``rawValue`` as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The kind of an OSM element.
public enum OSMElementType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A point.
    case node
    /// An ordered list of nodes (a line or, when closed, an area).
    case way
    /// A group of elements (e.g. a multipolygon).
    case relation
}
