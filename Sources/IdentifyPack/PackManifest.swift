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

/// One source of a pack's content and the licence line that goes with it.
public struct PackSource: Sendable, Hashable, Codable {
    /// What it is (`OpenStreetMap`, `Wikidata landmarks`, `airportsdata`).
    public var name: String
    /// The file it was read from (its last path component).
    public var file: String
    /// The attribution and licence to show (`© OpenStreetMap contributors, ODbL 1.0`).
    public var licence: String

    /// A source from its parts.
    public init(name: String, file: String, licence: String) {
        self.name = name
        self.file = file
        self.licence = licence
    }

    /// OpenStreetMap data: footprints, heights and landmark places.
    public static func openStreetMap(file: String) -> PackSource {
        PackSource(name: "OpenStreetMap", file: file, licence: "© OpenStreetMap contributors, ODbL 1.0")
    }

    /// The Wikidata landmark list (`landmarks/wikidata-landmarks.csv`).
    public static func wikidataLandmarks(file: String) -> PackSource {
        PackSource(name: "Wikidata landmarks", file: file, licence: "Wikidata, CC0 1.0")
    }

    /// The airport list (`airports.csv` from the airportsdata package).
    public static func airports(file: String) -> PackSource {
        PackSource(name: "airportsdata", file: file, licence: "airportsdata, MIT licence")
    }
}

/// One covered table's size and checksum.
public struct PackTable: Sendable, Hashable, Codable {
    /// The table's name.
    public var name: String
    /// Its rows.
    public var rows: Int
    /// The length of its canonical rows (``PackChecksum``), bytes: its share of the pack's content.
    public var bytes: Int
    /// The SHA-256 of its canonical rows, lowercase hex.
    public var sha256: String

    /// A table entry from its parts.
    public init(name: String, rows: Int, bytes: Int, sha256: String) {
        self.name = name
        self.rows = rows
        self.bytes = bytes
        self.sha256 = sha256
    }
}
