import Foundation
import GeoKit

/// What an offline pack holds and where it came from: the area, the sources with their licence
/// lines, each covered table's size and SHA-256, the format version and the build time.
///
/// Stored as JSON in the pack's `pack_manifest` table (``PackFormat``) and checked on every open.
/// The checksums catch a pack damaged or edited after it was built; they are not a signature
/// (whoever can rewrite the file can rewrite the manifest too).
public struct PackManifest: Sendable, Hashable, Codable {
    /// The format the pack was written in (``PackFormat/version``).
    public var formatVersion: Int
    /// A name for the area (`nyc-west-village`).
    public var name: String
    /// The area a capture may be in and be answered as the full store would: the `--bbox` asked
    /// for, else the extent of the source's buildings and places.
    public var area: BoundingBox
    /// How far beyond ``area`` footprints, landmark places and the landmark list were kept, metres.
    public var marginMetres: Double
    /// How far beyond ``area`` airports were kept, metres.
    public var airportMarginMetres: Double
    /// When the pack was built.
    public var builtAt: Date
    /// Where the content came from, with the licence lines a user of the pack must show.
    public var sources: [PackSource]
    /// Each covered table: rows, canonical bytes and SHA-256 (``PackFormat/coveredTables``).
    public var tables: [PackTable]

    /// A manifest from its parts.
    public init(
        formatVersion: Int = PackFormat.version, name: String, area: BoundingBox, marginMetres: Double,
        airportMarginMetres: Double, builtAt: Date, sources: [PackSource], tables: [PackTable]
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.area = area
        self.marginMetres = marginMetres
        self.airportMarginMetres = airportMarginMetres
        self.builtAt = builtAt
        self.sources = sources
        self.tables = tables
    }

    /// The entry for `table`, if the manifest has one.
    public func table(_ name: String) -> PackTable? { tables.first { $0.name == name } }

    /// The manifest as the JSON it is stored as; `pretty` adds line breaks and indentation.
    public func json(pretty: Bool = false) throws -> String {
        let encoder = Self.encoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The JSON the manifest is stored as: sorted keys, ISO 8601 dates, snake-case keys.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// The decoder matching ``encoder()``.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
