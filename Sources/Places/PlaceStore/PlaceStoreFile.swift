#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import Foundation

/// What a file at a place store's path holds, read without changing it: so an import never
/// replaces a file it did not make, and a refusal can say what the file is.
public enum PlaceStoreFile: Sendable, Equatable {
    /// Nothing is there.
    case missing
    /// An empty file (nothing to lose).
    case empty
    /// A place store (of any schema version: replacing it with a new import loses nothing the
    /// import does not make again).
    case placeStore
    /// A file that is not a SQLite database.
    case notSQLite
    /// A SQLite database that is not a place store: `kind` names it when it is another Loci file
    /// ("a loci serve database (devices, sessions, favourites)"), `tables` lists its tables.
    case otherDatabase(kind: String?, tables: [String])

    /// Other Loci files, by tables only they have, and how to call them.
    static let lociFiles: [(tables: Set<String>, kind: String)] = [
        (["pack_manifest"], "a ShootVeil offline pack (loci pack build)"),
        (["device", "favourite"], "a loci serve database (devices, sessions, favourites)"),
        (["trip", "saved_place"], "a Proximity trips store"),
        (["bookmark"], "an And Away library"),
        (["wrapped_run"], "a Photo Wrapped cache"),
    ]

    /// Whether an import may write over the file: nothing there, an empty file, or a place store.
    public var isReplaceable: Bool {
        switch self {
        case .missing, .empty, .placeStore: true
        case .notSQLite, .otherDatabase: false
        }
    }

    /// The file in a few words, for a message: "a loci serve database (…)", "not a SQLite
    /// database", "a SQLite database with tables a, b, c".
    public var summary: String {
        switch self {
        case .missing: "no file"
        case .empty: "an empty file"
        case .placeStore: "a place store"
        case .notSQLite: "not a SQLite database"
        case .otherDatabase(let kind?, _): kind
        case .otherDatabase(nil, let tables):
            tables.isEmpty
                ? "a SQLite database with no tables"
                : "a SQLite database with tables \(tables.prefix(6).joined(separator: ", "))\(tables.count > 6 ? ", …" : "")"
        }
    }

    /// Reads what is at `path` (read-only; a directory or an unreadable file throws).
    /// - Throws: ``PlaceStoreError`` with kind `.io` when the file cannot be read.
    public static func inspect(path: String) throws(PlaceStoreError) -> PlaceStoreFile {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue else {
            throw PlaceStoreError(.io("is a directory"), path: path, operation: "inspect")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PlaceStoreError(.io("cannot be read"), path: path, operation: "inspect")
        }
        defer { try? handle.close() }
        let header: Data?
        // A read that fails is not an empty file: an empty file may be replaced, this must not be.
        do { header = try handle.read(upToCount: 16) } catch {
            throw PlaceStoreError(.io("cannot be read: \(error.localizedDescription)"), path: path, operation: "inspect")
        }
        guard let header, !header.isEmpty else { return .empty }
        guard header.elementsEqual(Array("SQLite format 3\0".utf8)) else { return .notSQLite }
        guard let tables = tableNames(path: path) else {
            // A SQLite header on a file SQLite will not read: damaged, not to be replaced blindly.
            return .otherDatabase(kind: "a damaged SQLite database", tables: [])
        }
        // Other Loci files first: an offline pack is in the place store's schema, plus its manifest.
        let kind = lociFiles.first { tables.isSuperset(of: $0.tables) }?.kind
        if kind == nil, tables.isSuperset(of: ["places", "place_cells", "grdb_migrations"]) { return .placeStore }
        return .otherDatabase(kind: kind, tables: tables.filter { !$0.hasPrefix("sqlite_") }.sorted())
    }

    /// The file's table names, read as an immutable file: nothing is written beside it (no `-shm`
    /// or `-wal`), and changes still only in a write-ahead log are not seen (the caller then finds
    /// fewer tables, never more). `nil` when SQLite cannot read it.
    static func tableNames(path: String) -> Set<String>? {
        var components = URLComponents()
        components.scheme = "file"
        components.path = path
        components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
        guard let uri = components.string else { return nil }
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else { return nil }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &statement, nil) == SQLITE_OK
        else { return nil }
        var names: Set<String> = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                if let text = sqlite3_column_text(statement, 0) { names.insert(String(cString: text)) }
            case SQLITE_DONE:
                return names
            default:
                return nil
            }
        }
    }
}
