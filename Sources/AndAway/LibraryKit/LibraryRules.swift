import Foundation
import GeoKit

/// What a valid library value is. Every store write and every import checks these first and
/// refuses the whole operation with a ``LibraryError`` naming the record and field.
public enum LibraryRules {
    /// Longest id (characters).
    public static let maximumIDLength = 128
    /// Longest bookmark or list name, or search query (characters).
    public static let maximumNameLength = 500
    /// Longest note (characters).
    public static let maximumNoteLength = 10_000
    /// Longest tag (characters).
    public static let maximumTagLength = 64
    /// Most tags, or lists, on one bookmark.
    public static let maximumTagCount = 100
    /// How long a Google place's coordinate may be kept (Maps Platform terms: 30 days).
    public static let googleCoordinateLifetime: TimeInterval = 30 * 86_400

    /// `\r\n` and lone `\r` as `\n`.
    public static func normalizedLineEnds(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// `text` without leading and trailing white space (and no work when there is none).
    public static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether every element is smaller than the next (sorted, no repeats).
    public static func isStrictlySorted(_ values: [String]) -> Bool {
        values.indices.dropFirst().allSatisfy { values[$0 - 1] < values[$0] }
    }

    /// A coordinate to 7 decimal places (the precision every format writes).
    public static func rounded(_ coordinate: Coordinate) -> Coordinate {
        Coordinate(
            uncheckedLatitude: (coordinate.latitude * 1e7).rounded() / 1e7,
            longitude: (coordinate.longitude * 1e7).rounded() / 1e7)
    }

    /// Checks an id: 1–128 of letters, digits, `-`, `_`, `.`, `:`, `/`.
    public static func checkID(_ id: String, _ location: @autoclosure () -> String) throws(LibraryError) {
        guard !id.isEmpty, id.utf8.count <= maximumIDLength else {
            throw LibraryError(
                "id must be 1–\(maximumIDLength) characters (got \(id.utf8.count))", at: location())
        }
        for byte in id.utf8 {
            let ok =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A || byte == 0x2F
            guard ok else {
                throw LibraryError(
                    "id '\(id.prefix(40))' may hold only letters, digits and - _ . : /", at: location())
            }
        }
    }

    /// Checks text: at most `maximum` characters, no control characters but tab and line feed
    /// (and none at all when `singleLine`), no U+FFFE/U+FFFF (none of which XML can carry).
    public static func checkText(
        _ text: String, maximum: Int, singleLine: Bool, _ location: @autoclosure () -> String
    )
        throws(LibraryError)
    {
        guard text.unicodeScalars.count <= maximum else {
            throw LibraryError(
                "longer than \(maximum) characters (\(text.unicodeScalars.count))", at: location())
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || v == 0xFFFE || v == 0xFFFF {
                if !singleLine, v == 0x09 || v == 0x0A { continue }
                throw LibraryError(String(format: "holds the control character U+%04X", v), at: location())
            }
        }
    }

    /// Checks one bookmark (already ``Bookmark/normalized()``).
    public static func check(_ bookmark: Bookmark) throws(LibraryError) {
        var at: String { "bookmark '\(bookmark.id.prefix(40))'" }
        try checkID(bookmark.id, at + " id")
        guard !bookmark.place.id.isEmpty, bookmark.place.id.utf8.count <= 512 else {
            throw LibraryError("place id must be 1–512 bytes", at: at + " place")
        }
        try checkText(bookmark.place.id, maximum: 512, singleLine: true, at + " place")
        try checkText(bookmark.name, maximum: maximumNameLength, singleLine: true, at + " name")
        guard !bookmark.name.isEmpty else { throw LibraryError("is empty", at: at + " name") }
        try checkText(bookmark.note, maximum: maximumNoteLength, singleLine: false, at + " note")
        guard bookmark.tags.count <= maximumTagCount else {
            throw LibraryError("more than \(maximumTagCount) tags", at: at + " tags")
        }
        for tag in bookmark.tags {
            try checkText(tag, maximum: maximumTagLength, singleLine: true, at + " tag")
            guard !tag.isEmpty, !tag.contains(";") else {
                throw LibraryError("tag '\(tag)' is empty or holds ';'", at: at + " tags")
            }
        }
        guard bookmark.lists.count <= maximumTagCount else {
            throw LibraryError("in more than \(maximumTagCount) lists", at: at + " lists")
        }
        for list in bookmark.lists { try checkID(list, at + " lists") }
        if bookmark.place.provider == .google, bookmark.coordinate != nil, bookmark.coordinateSavedAt == nil {
            throw LibraryError(
                "a Google place's coordinate needs the time it was saved (kept at most 30 days)",
                at: at + " coordinate")
        }
    }

    /// Checks one list.
    public static func check(_ list: BookmarkList) throws(LibraryError) {
        var at: String { "list '\(list.id.prefix(40))'" }
        try checkID(list.id, at + " id")
        try checkText(list.name, maximum: maximumNameLength, singleLine: true, at + " name")
        guard !list.name.isEmpty else { throw LibraryError("is empty", at: at + " name") }
    }

    /// Checks one search-history entry.
    public static func check(_ entry: SearchHistoryEntry) throws(LibraryError) {
        var at: String { "search '\(entry.id.prefix(40))'" }
        try checkID(entry.id, at + " id")
        try checkText(entry.query, maximum: maximumNameLength, singleLine: true, at + " query")
    }

    /// Checks weights: finite, 0…1, summing to 1 within 0.001.
    public static func check(_ weights: ScoringWeights, _ location: String) throws(LibraryError) {
        var sum = 0.0
        for (name, value) in weights.named {
            guard value.isFinite, value >= 0, value <= 1 else {
                throw LibraryError("must be in 0…1 (got \(value))", at: "\(location) \(name)")
            }
            sum += value
        }
        guard abs(sum - 1) <= 0.001 else {
            throw LibraryError("weights must sum to 1 (they sum to \(sum))", at: location)
        }
    }
}
