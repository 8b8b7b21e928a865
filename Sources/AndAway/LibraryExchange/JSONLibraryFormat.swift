import Foundation
import GeoKit
import LibraryKit

/// The JSON form: `{"format": "loci-library", "version": 1, "bookmarks": [...], "lists": [...],
/// "history": [...], "preferences": {...}}` with times as ISO 8601 strings.
enum JSONLibraryFormat {
    struct File: Codable {
        var format: String
        var version: Int
        var bookmarks: [BookmarkJSON]
        var lists: [ListJSON]
        var history: [SearchJSON]
        var preferences: Preferences
    }

    struct BookmarkJSON: Codable {
        var id: String
        var provider: PlaceProvider
        var placeId: String
        var name: String
        var latitude: Double?
        var longitude: Double?
        var coordinateSavedAt: String?
        var note: String
        var tags: [String]
        var lists: [String]
        var created: String
    }

    struct ListJSON: Codable {
        var id: String
        var name: String
        var created: String
    }

    struct SearchJSON: Codable {
        var id: String
        var query: String
        var kind: QueryKind
        var at: String
    }

    static func write(_ library: Library) -> [UInt8] {
        let file = File(
            format: "loci-library", version: 1,
            bookmarks: library.bookmarks.map { b in
                BookmarkJSON(
                    id: b.id, provider: b.place.provider, placeId: b.place.id, name: b.name,
                    latitude: b.coordinate?.latitude,
                    longitude: b.coordinate?.longitude,
                    coordinateSavedAt: b.coordinateSavedAt.map(LibraryTime.format), note: b.note,
                    tags: b.tags, lists: b.lists, created: LibraryTime.format(b.created))
            },
            lists: library.lists.map {
                ListJSON(id: $0.id, name: $0.name, created: LibraryTime.format($0.created))
            },
            history: library.history.map {
                SearchJSON(id: $0.id, query: $0.query, kind: $0.kind, at: LibraryTime.format($0.at))
            },
            preferences: library.preferences)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? [UInt8](encoder.encode(file))) ?? []
    }

    static func read(_ bytes: [UInt8]) throws(LibraryError) -> Library {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch let DecodingError.typeMismatch(type, context) {
            throw LibraryError("expected \(type)", at: path(context))
        } catch let DecodingError.valueNotFound(type, context) {
            throw LibraryError("expected \(type), found null", at: path(context))
        } catch let DecodingError.keyNotFound(key, context) {
            throw LibraryError("missing '\(key.stringValue)'", at: path(context))
        } catch let DecodingError.dataCorrupted(context) {
            throw LibraryError(context.debugDescription, at: path(context))
        } catch {
            throw LibraryError("not JSON: \(error)")
        }
        guard file.format == "loci-library" else {
            throw LibraryError("is '\(file.format.prefix(40))', not 'loci-library'", at: "format")
        }
        guard file.version == 1 else {
            throw LibraryError("version \(file.version) is not supported (only 1)", at: "version")
        }
        var bookmarks: [Bookmark] = []
        bookmarks.reserveCapacity(file.bookmarks.count)
        for (index, b) in file.bookmarks.enumerated() {
            let at = "bookmarks[\(index)]"
            bookmarks.append(
                Bookmark(
                    id: b.id, place: PlaceReference(provider: b.provider, id: b.placeId), name: b.name,
                    coordinate: try ExchangeValues.coordinate(b.latitude, b.longitude, at),
                    coordinateSavedAt: try b.coordinateSavedAt.map { s throws(LibraryError) in
                        try ExchangeValues.time(s, at + ".coordinateSavedAt")
                    },
                    note: b.note, tags: b.tags, lists: b.lists,
                    created: try ExchangeValues.time(b.created, at + ".created")))
        }
        var lists: [BookmarkList] = []
        for (index, l) in file.lists.enumerated() {
            lists.append(
                BookmarkList(
                    id: l.id, name: l.name,
                    created: try ExchangeValues.time(l.created, "lists[\(index)].created")))
        }
        var history: [SearchHistoryEntry] = []
        for (index, h) in file.history.enumerated() {
            history.append(
                SearchHistoryEntry(
                    id: h.id, query: h.query, kind: h.kind,
                    at: try ExchangeValues.time(h.at, "history[\(index)].at")))
        }
        return Library(bookmarks: bookmarks, lists: lists, history: history, preferences: file.preferences)
    }

    static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the document" : String(path.drop { $0 == "." })
    }
}

/// Conversions every format shares, with errors naming where.
enum ExchangeValues {
    static func time(_ text: String, _ at: @autoclosure () -> String) throws(LibraryError) -> Date {
        guard let date = LibraryTime.parse(text) else {
            throw LibraryError("'\(text.prefix(40))' is not an ISO 8601 time", at: at())
        }
        return date
    }

    static func coordinate(_ latitude: Double?, _ longitude: Double?, _ at: String) throws(LibraryError)
        -> Coordinate?
    {
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case (let lat?, let lon?):
            do { return try Coordinate(latitude: lat, longitude: lon) } catch {
                throw LibraryError("\(error)", at: at)
            }
        default: throw LibraryError("latitude and longitude must come together", at: at)
        }
    }

    static func number(_ text: String, _ at: @autoclosure () -> String) throws(LibraryError) -> Double {
        guard text.utf8.count <= 40, let value = Double(text.trimmingCharacters(in: .whitespaces)),
            value.isFinite
        else {
            throw LibraryError("'\(text.prefix(40))' is not a number", at: at())
        }
        return value
    }

    /// Coordinates as written in every format: 7 decimal places, no exponent (XSD `decimal`).
    ///
    /// Written from the value in units of 1e-7 degrees (exact for normalised coordinates, whose
    /// value is the double nearest such a unit), without `String(format:)`, which costs
    /// microseconds a call on Linux.
    static func degrees(_ value: Double) -> String {
        let units = Int64((value * 1e7).rounded())
        let magnitude = units.magnitude
        let whole = String(magnitude / 10_000_000)
        let fraction = String(magnitude % 10_000_000)
        return (units < 0 ? "-" : "") + whole + "." + String(repeating: "0", count: 7 - fraction.count)
            + fraction
    }

    /// A stable id for a record from a foreign file: `prefix-` and the FNV-1a hash of its content.
    static func foreignID(_ prefix: String, _ parts: String...) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0x1F
            hash = hash &* 0x100_0000_01b3
        }
        return prefix + "-" + String(hash, radix: 16)
    }

    static func weights(_ text: String, _ at: String) throws(LibraryError) -> ScoringWeights {
        var pairs: [(String, Double)] = []
        for item in text.split(separator: ";") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                throw LibraryError("'\(item.prefix(40))' is not name=value", at: at)
            }
            pairs.append((String(parts[0]), try number(String(parts[1]), at)))
        }
        do { return try ScoringWeights(named: pairs) } catch { throw error.within(at) }
    }

    static func weightsText(_ weights: ScoringWeights) -> String {
        weights.named.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    }
}
