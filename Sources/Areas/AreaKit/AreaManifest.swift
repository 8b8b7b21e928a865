import Foundation
import GeoKit

/// One area as a server offers it: its name, its bounds and each kind's file with the size,
/// SHA-256, format version and build time a device checks a download against.
///
/// Kept beside the files as `area.json` (``fileName``) by `loci area build`, and the same members
/// are one entry of `GET /v1/areas` (snake-case JSON, ISO 8601 times).
public struct AreaManifest: Sendable, Hashable, Codable {
    /// The manifest's file name inside an area's folder.
    public static let fileName = "area.json"
    /// The version of this manifest's layout.
    public static let manifestVersion = 1

    /// The layout version (``manifestVersion``).
    public var manifestVersion: Int
    /// The area's name (``AreaName``).
    public var name: String
    /// The area the files cover.
    public var bounds: AreaBounds
    /// When the area was built.
    public var builtAt: Date
    /// One entry per kind, in ``AreaKind`` order.
    public var files: [AreaFile]

    /// A manifest from its parts.
    public init(name: String, bounds: AreaBounds, builtAt: Date, files: [AreaFile]) {
        manifestVersion = Self.manifestVersion
        self.name = name
        self.bounds = bounds
        self.builtAt = builtAt
        self.files = files
    }

    /// The entry for `kind`, if the area has one.
    public func file(_ kind: AreaKind) -> AreaFile? { files.first { $0.kind == kind } }

    /// The manifest as JSON (sorted keys, snake case, ISO 8601 times).
    public func json() throws -> Data { try AreaJSON.encoder().encode(self) }

    /// Reads a manifest written by ``json()``.
    /// - Throws: `DecodingError` when the data is not such a manifest.
    public static func decode(_ data: Data) throws -> AreaManifest {
        try AreaJSON.decoder().decode(AreaManifest.self, from: data)
    }
}

/// One kind's file of an area.
public struct AreaFile: Sendable, Hashable, Codable {
    /// Which file.
    public var kind: AreaKind
    /// Its name inside the area's folder (``AreaKind/fileName``).
    public var file: String
    /// Its size in bytes.
    public var bytes: Int64
    /// Its SHA-256, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The format the file is written in: the pack's format version, the place store's schema version.
    public var formatVersion: Int
    /// When the file was built.
    public var builtAt: Date

    /// An entry from its parts.
    public init(kind: AreaKind, file: String, bytes: Int64, sha256: String, formatVersion: Int, builtAt: Date) {
        self.kind = kind
        self.file = file
        self.bytes = bytes
        self.sha256 = sha256
        self.formatVersion = formatVersion
        self.builtAt = builtAt
    }
}

/// An area's bounds in degrees (south ≤ north; west > east crosses the antimeridian).
public struct AreaBounds: Sendable, Hashable, Codable {
    /// Southern edge, degrees.
    public var south: Double
    /// Western edge, degrees.
    public var west: Double
    /// Northern edge, degrees.
    public var north: Double
    /// Eastern edge, degrees.
    public var east: Double

    /// Bounds from their edges.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The great-circle distance in metres from (`latitude`, `longitude`) to the nearest point of
    /// the bounds; 0 inside them.
    public func distanceMetres(latitude: Double, longitude: Double) -> Double {
        let clampedLatitude = min(max(latitude, south), north)
        let clampedLongitude: Double
        let inside = west <= east ? (west...east).contains(longitude) : (longitude >= west || longitude <= east)
        if inside {
            clampedLongitude = longitude
        } else {
            clampedLongitude = Self.angle(longitude, west) < Self.angle(longitude, east) ? west : east
        }
        return Haversine.distance(
            Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            Coordinate(uncheckedLatitude: clampedLatitude, longitude: clampedLongitude))
    }

    private static func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}

/// The JSON of areas: sorted keys, snake-case members, ISO 8601 times (whole seconds).
public enum AreaJSON {
    /// The encoder.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// The decoder matching ``encoder()``.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
