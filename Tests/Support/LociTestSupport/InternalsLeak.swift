import Foundation

/// Finds internals a client must never read in an answer or a client-facing error: SQL
/// keywords and database messages, and file paths.
public enum InternalsLeak {
    /// Words that betray SQL, SQLite or PostgreSQL (matched ignoring case).
    public static let words = [
        "UNIQUE", "constraint", "SQLite", "SELECT", "INSERT", "UPDATE ", "DELETE FROM", "COMMIT",
        "relation", "duplicate key", "no such table", "SQLSTATE", "syntax error", ".sqlite", "GRDB",
        "PSQLError", "DatabaseError",
    ]

    /// What in `text` looks internal: each matching word, and each `/`-rooted path of two or
    /// more components (`/tmp/x/server.sqlite`, not `osm:node/1`). Empty when clean.
    public static func findings(in text: String) -> [String] {
        var found = words.filter { text.range(of: $0, options: .caseInsensitive) != nil }
        let pattern = #"(?<![A-Za-z0-9:._-])/[A-Za-z0-9._-]+/[A-Za-z0-9._/-]+"#
        var searchRange = text.startIndex..<text.endIndex
        while let range = text.range(of: pattern, options: .regularExpression, range: searchRange) {
            found.append(String(text[range]))
            searchRange = range.upperBound..<text.endIndex
        }
        return found
    }
}
