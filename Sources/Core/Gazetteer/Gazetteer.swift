import Foundation
import GeoKit

/// An offline gazetteer of populated places (GeoNames `cities500`): reverse geocoding to a
/// place label and the IANA time zone of a point, with no network.
///
/// Loaded from the TSV `scripts/fetch-data` writes (`gazetteer-cities500.tsv.gz`, gzip or plain;
/// format in ``GazetteerTSV``). Text fields stay as byte spans in the loaded buffer and become
/// strings only when a place is returned, so loading 235k places allocates a few large arrays
/// and no strings. Nearest-neighbour queries use GeoKit's ``StaticPointIndex``.
///
/// A value type; `Sendable`; queries never mutate it and may run concurrently.
public struct Gazetteer: Sendable {
    /// The largest text accepted, in bytes (the real file is 19 MB inflated).
    public static let maximumTextSize = 1 << 30

    /// The inflated TSV; ``GazetteerRow`` spans point into it.
    let text: [UInt8]
    /// The places in file order (header excluded); row `i` is point `i` of ``index``.
    let rows: [GazetteerRow]
    /// The places' coordinates, indexed for nearest and radius queries.
    let index: StaticPointIndex

    /// Loads the gazetteer TSV at `path`; gzip data (by its magic number, not the file name)
    /// is inflated first.
    ///
    /// - Throws: ``GazetteerError`` carrying `path`: unreadable file, corrupt gzip, or the
    ///   first malformed row (line and column).
    public init(contentsOf path: String) throws(GazetteerError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw GazetteerError(.unreadable(reason: error.localizedDescription), path: path)
        }
        do {
            try self.init(tsv: bytes)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    /// Loads a gazetteer from TSV bytes, gzip-compressed or plain.
    ///
    /// - Throws: ``GazetteerError`` for corrupt gzip or the first malformed row.
    /// - Complexity: O(n log n) for n places (building the index); O(bytes) for the parse.
    public init(tsv bytes: [UInt8]) throws(GazetteerError) {
        let text: [UInt8]
        if Gzip.isCompressed(bytes) {
            text = try Gzip.inflate(bytes, limit: Self.maximumTextSize)
        } else {
            guard bytes.count <= Self.maximumTextSize else {
                throw GazetteerError(.tooLarge(limit: Self.maximumTextSize))
            }
            text = bytes
        }
        let table = try GazetteerTSV.parse(text)
        self.init(text: text, rows: table.rows, coordinates: table.coordinates)
    }

    /// Assembles a gazetteer from already validated parts (the TSV reader's or the cache's).
    init(text: [UInt8], rows: [GazetteerRow], coordinates: [Coordinate]) {
        self.text = text
        self.rows = rows
        self.index = StaticPointIndex(coordinates)
    }

    /// The number of places.
    ///
    /// - Complexity: O(1).
    public var count: Int { rows.count }

    /// The place in row `position` (0-based, file order, header excluded).
    ///
    /// - Precondition: `0 <= position < count`.
    public func place(at position: Int) -> GazetteerPlace {
        let row = rows[position]
        return GazetteerPlace(
            geonameID: row.geonameID, name: row.name.string(in: text),
            countryCode: row.countryCode.string(in: text), admin1: row.admin1.string(in: text),
            admin2: row.admin2.string(in: text), population: row.population,
            timeZone: row.timeZone.string(in: text), coordinate: index.coordinates[position])
    }
}
