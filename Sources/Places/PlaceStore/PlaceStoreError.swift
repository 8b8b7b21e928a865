import Foundation

/// A failure opening, writing or reading a place store, with the file and operation involved.
public struct PlaceStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// SQLite reported an error; `code` is SQLite's extended result code (13 `SQLITE_FULL`:
        /// disk or size limit reached, 11 `SQLITE_CORRUPT`, 26 `SQLITE_NOTADB`).
        case sqlite(code: Int32, message: String)
        /// The file's schema is not one this build understands (missing or newer migrations).
        case incompatibleSchema(String)
        /// A stored row cannot be turned back into a value (damaged or hand-edited file).
        case corruptRow(table: String, id: String, detail: String)
        /// A query argument is out of range (negative radius, non-positive limit).
        case invalidArgument(String)
        /// A file system operation failed (`errno` text).
        case io(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The database file, when known.
    public var path: String?
    /// What the store was doing: `"open"`, `"insert places"`, `"places(near:)"`…
    public var operation: String

    /// An error from its parts.
    public init(_ kind: Kind, path: String?, operation: String) {
        self.kind = kind
        self.path = path
        self.operation = operation
    }

    /// Whether SQLite ran out of room (disk full or the configured maximum size).
    public var isStorageFull: Bool {
        if case .sqlite(let code, _) = kind { return code & 0xFF == 13 }
        return false
    }

    /// `"<operation> on <path>: <detail>"`.
    public var description: String {
        let detail: String
        switch kind {
        case .sqlite(let code, let message): detail = "SQLite error \(code): \(message)"
        case .incompatibleSchema(let text): detail = "incompatible schema: \(text)"
        case .corruptRow(let table, let id, let text): detail = "row \(id) of \(table) is unreadable: \(text)"
        case .invalidArgument(let text): detail = "invalid argument: \(text)"
        case .io(let text): detail = "I/O error: \(text)"
        }
        return "\(operation) on \(path ?? "<memory>"): \(detail)"
    }
}
