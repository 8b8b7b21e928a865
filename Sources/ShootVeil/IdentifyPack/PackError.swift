import PlaceStore

/// Why an offline pack was refused: the file, and what is wrong with it. Nothing of a refused
/// pack is used.
public struct PackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// The file cannot be read (`errno` text).
        case unreadable(String)
        /// The file is not an SQLite database (empty, or no SQLite header).
        case notSQLite(String)
        /// The file is shorter (or longer) than its SQLite header says: a partial copy or download.
        case truncated(expectedBytes: Int, actualBytes: Int)
        /// SQLite or the place store refused the file (a damaged page, not a place store).
        case damaged(String)
        /// The file is a place store but has no pack manifest (an ordinary `loci import` store?).
        case missingManifest
        /// The manifest cannot be read.
        case invalidManifest(String)
        /// The pack was written in a format this build does not read.
        case unsupportedFormat(found: String, supported: Int)
        /// A table the manifest covers is absent.
        case missingTable(String)
        /// A table in the file (or one every pack has) has no checksum in the manifest.
        case unlistedTable(String)
        /// A table's rows do not hash to the manifest's checksum: edited or damaged after building.
        case checksumMismatch(table: String, expected: String, actual: String)
        /// A row of the landmark or airport table cannot be turned back into a value.
        case badRow(table: String, rowid: Int64, detail: String)
    }

    /// What is wrong.
    public var kind: Kind
    /// The pack file.
    public var path: String

    /// An error from its parts.
    public init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `"offline pack <path>: <what is wrong>"`.
    public var description: String {
        let detail: String
        switch kind {
        case .unreadable(let text): detail = "cannot read it: \(text)"
        case .notSQLite(let text): detail = "not an SQLite file (\(text))"
        case .truncated(let expected, let actual):
            detail = actual < expected
                ? "truncated: \(actual) bytes, its header says \(expected)"
                : "\(actual) bytes, its header says \(expected): not a file the pack builder wrote"
        case .damaged(let text): detail = "damaged: \(text)"
        case .missingManifest: detail = "no pack manifest (a place store, not an offline pack?)"
        case .invalidManifest(let text): detail = "unreadable manifest: \(text)"
        case .unsupportedFormat(let found, let supported):
            detail = "format version \(found), this build reads version \(supported)"
        case .missingTable(let table): detail = "table \(table) is missing"
        case .unlistedTable(let table): detail = "table \(table) has no checksum in the manifest"
        case .checksumMismatch(let table, let expected, let actual):
            detail = "checksum mismatch in table \(table) (manifest \(expected.prefix(12))…, file \(actual.prefix(12))…)"
        case .badRow(let table, let rowid, let text): detail = "row \(rowid) of \(table) is unreadable: \(text)"
        }
        return "offline pack \(path): \(detail)"
    }

    /// A place-store failure while opening or reading the pack, as ``Kind/damaged(_:)``.
    static func store(_ error: PlaceStoreError, path: String) -> PackError {
        var error = error
        error.path = nil
        return PackError(.damaged("\(error.operation): \(Self.detail(of: error))"), path: path)
    }

    private static func detail(of error: PlaceStoreError) -> String {
        switch error.kind {
        case .sqlite(let code, let message): "SQLite error \(code): \(message)"
        case .incompatibleSchema(let text): "incompatible schema: \(text)"
        case .corruptRow(let table, let id, let text): "row \(id) of \(table): \(text)"
        case .invalidArgument(let text): text
        case .io(let text): text
        }
    }
}
