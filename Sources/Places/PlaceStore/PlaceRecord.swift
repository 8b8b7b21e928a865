import Foundation
import GRDB
import GeoKit
import PlaceKit

/// How a ``PlaceKit/Place`` is laid out in the `places` table (see ``PlaceStoreSchema``).
///
/// JSON columns use sorted keys so the same place always writes the same bytes.
enum PlaceRecord {
    /// The columns read back into a place, in the order ``decode(_:)`` expects.
    static let selectColumns =
        "p.id, p.name, d.alt_names, p.category, p.lat, p.lon, d.address, d.phone, d.website, "
        + "d.opening_hours, d.wikidata, d.wikipedia, p.importance, d.tags"

    /// The columns ranking needs, in the order ``decodeLight(_:from:)`` expects: no address, tags,
    /// opening hours or links (those are decoded only for the results finally returned).
    static let lightColumns = "p.id, p.name, d.alt_names, p.category, p.lat, p.lon, p.importance"

    /// The tables ``selectColumns`` reads: `places p` joined with `place_details d`.
    static let fromTables = "places p JOIN place_details d ON d.rowid = p.rowid"

    /// The insert into `places`; ``arguments(for:encoder:)`` matches this order.
    static let insertSQL = """
        INSERT INTO places (id, name, category, lat, lon, importance, search_text) VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// The insert into `place_details` (rowid first); ``detailArguments(for:rowid:encoder:)`` matches.
    static let insertDetailsSQL = """
        INSERT INTO place_details (rowid, alt_names, address, phone, website, opening_hours, wikidata, wikipedia, tags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The folded search text: `" " + fold(name and alternative names)`, words separated by
    /// single spaces, so `instr(search_text, ' ' || word)` finds word prefixes.
    static func searchText(for place: Place) -> String {
        let names = ([place.name].compactMap { $0 } + place.alternativeNames)
        let folded = names.map(SearchText.fold).filter { !$0.isEmpty }
        return folded.isEmpty ? "" : " " + folded.joined(separator: " ")
    }

    /// Column values for ``insertSQL``.
    static func arguments(for place: Place) -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            place.id.rawValue, place.name, place.category, place.coordinate.latitude,
            place.coordinate.longitude, place.importance, searchText(for: place),
        ]
        return StatementArguments(values)
    }

    /// Column values for ``insertDetailsSQL``.
    static func detailArguments(for place: Place, rowid: Int64, encoder: JSONEncoder) throws -> StatementArguments {
        let alternatives: String? = place.alternativeNames.isEmpty ? nil : try json(place.alternativeNames, encoder)
        let address: String? = try place.address.map { try json($0, encoder) }
        let tags: String? = place.tags.isEmpty ? nil : try json(place.tags, encoder)
        let values: [(any DatabaseValueConvertible)?] = [
            rowid, alternatives, address, place.phone, place.website, place.openingHours?.raw,
            place.wikidataID, place.wikipedia, tags,
        ]
        return StatementArguments(values)
    }

    /// A JSON encoder with sorted keys and unescaped slashes.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static func json<T: Encodable>(_ value: T, _ encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Reads a place from the current row of a statement selecting ``selectColumns`` (from
    /// `columns`' base).
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow`) for a value of the wrong type, a bad id,
    ///   an out-of-range coordinate or invalid JSON; never traps on file contents.
    static func decode(_ columns: SQLiteColumns) throws(PlaceStoreError) -> Place {
        let rawID = try? columns.text(0)
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "places", id: (rawID ?? nil) ?? "?", detail: detail), path: nil,
                operation: "read place")
        }
        func text(_ index: Int, _ column: String) throws(PlaceStoreError) -> String? {
            do { return try columns.text(index) } catch { throw fail("\(column) has the wrong type") }
        }
        func number(_ index: Int, _ column: String) throws(PlaceStoreError) -> Double? {
            do { return try columns.double(index) } catch { throw fail("\(column) has the wrong type") }
        }
        /// JSON column `index` read from its bytes by `plain` (the plainly written form the store's
        /// encoder produces, almost always); anything else through JSONSerialization, whose
        /// object `fallback` maps to the value (`nil`: not the expected shape).
        func json<T>(
            _ index: Int, _ column: String, plain: (UnsafeBufferPointer<UInt8>) -> T?,
            fallback: (Any) throws(PlaceStoreError) -> T?
        ) throws(PlaceStoreError) -> T? {
            let read: (plain: T?, bytes: [UInt8]?)?
            do {
                read = try columns.withText(index) { bytes in
                    if let value = plain(bytes) { return (value, nil) }
                    return (nil, Array(bytes))
                }
            } catch {
                throw fail("\(column) has the wrong type")
            }
            guard let read else { return nil }
            if let value = read.plain { return value }
            guard let bytes = read.bytes, let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
                let value = try fallback(object)
            else {
                throw fail("\(column) is not valid JSON of the expected shape")
            }
            return value
        }
        /// The address object (``PostalAddress``'s synthesised `Codable` keys, string or null
        /// values, unknown keys ignored, as `JSONDecoder` reads it).
        func address(_ parts: [String: String]) -> PostalAddress {
            PostalAddress(
                houseNumber: parts["houseNumber"], street: parts["street"], postcode: parts["postcode"],
                city: parts["city"], state: parts["state"], country: parts["country"])
        }
        func addressObject(_ any: Any) throws(PlaceStoreError) -> PostalAddress? {
            guard let object = any as? [String: Any] else { throw fail("address is not a JSON object") }
            var parts: [String: String] = [:]
            for key in ["houseNumber", "street", "postcode", "city", "state", "country"] {
                switch object[key] {
                case nil, is NSNull: continue
                case let text as String: parts[key] = text
                default: throw fail("address.\(key) is not a string")
                }
            }
            return address(parts)
        }
        guard let rawID = rawID ?? nil, let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        guard let category = try text(3, "category") else { throw fail("missing category") }
        let latitude = try number(4, "lat") ?? .nan
        let longitude = try number(5, "lon") ?? .nan
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw fail(error.description)
        }
        let alternatives = try json(2, "alt_names", plain: PlainJSON.strings) { any in any as? [String] }
        let postal = try json(6, "address", plain: { PlainJSON.stringObject($0).map(address) }, fallback: addressObject)
        let tags = try json(13, "tags", plain: PlainJSON.stringObject) { any in any as? [String: String] }
        return Place(
            id: id, name: try text(1, "name"), alternativeNames: alternatives ?? [],
            category: category, coordinate: coordinate, address: postal,
            phone: try text(7, "phone"), website: try text(8, "website"),
            openingHours: try text(9, "opening_hours").map { OpeningHours($0) }, wikidataID: try text(10, "wikidata"),
            wikipedia: try text(11, "wikipedia"), importance: try number(12, "importance") ?? 0,
            tags: tags ?? [:])
    }
}

extension PlaceRecord {
    /// Reads a place for ranking from a row selected with ``lightColumns``, starting at column
    /// `base`: id, names, category, coordinate and importance; every other field is empty.
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow`) as ``decode(_:)``; never traps.
    static func decodeLight(_ row: Row, from base: Int = 0) throws(PlaceStoreError) -> Place {
        let rawID = row.string(base)
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "places", id: rawID ?? "?", detail: detail), path: nil, operation: "read place")
        }
        guard let rawID, let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        guard let category = row.string(base + 3) else { throw fail("missing category") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: row.double(base + 4) ?? .nan, longitude: row.double(base + 5) ?? .nan)
        } catch {
            throw fail(error.description)
        }
        var alternatives: [String] = []
        if let text = row.string(base + 2) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let names = object as? [String] else {
                throw fail("alt_names is not valid JSON of the expected shape")
            }
            alternatives = names
        }
        return Place(
            id: id, name: row.string(base + 1), alternativeNames: alternatives, category: category,
            coordinate: coordinate, importance: row.double(base + 6) ?? 0)
    }
}

extension Row {
    /// The value at `index` as `T`, or `nil` when it is NULL or of another type (never traps,
    /// unlike GRDB's subscript, on a damaged file).
    func lenient<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        (try? decode(T?.self, atIndex: index)) ?? nil
    }

    /// The REAL (or number-like) value at `index`, `nil` when NULL; SQLite's own conversion, no
    /// generic metadata look-up (hot loops). NULL is tested first: decoding it would build and
    /// throw a GRDB error, which costs more than the read.
    func double(_ index: Int) -> Double? { hasNull(atIndex: index) ? nil : try? decode(Double.self, atIndex: index) }

    /// The INTEGER value at `index`, `nil` when NULL.
    func int64(_ index: Int) -> Int64? { hasNull(atIndex: index) ? nil : try? decode(Int64.self, atIndex: index) }

    /// The TEXT value at `index`, `nil` when NULL.
    func string(_ index: Int) -> String? { hasNull(atIndex: index) ? nil : try? decode(String.self, atIndex: index) }
}
