import OSMKit
import PlaceStore

/// Why an import failed. In every case the target database is untouched and the temporary file
/// has been deleted.
public enum PlaceImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The OSM input is unreadable or invalid; the ``OSMKit/OSMError`` names the blob index and
    /// byte offset (PBF) or line and column (XML).
    case input(path: String, OSMError)
    /// The file is neither an OSM PBF nor an OSM XML file (its first bytes match neither); the
    /// ``OSMKit/OSMError`` is the reader's first failure, kept as detail.
    case notOSM(path: String, OSMError)
    /// Writing the new store failed (disk full, size limit, SQLite error).
    case store(PlaceStoreError)
    /// A file system step (fsync, rename, cleanup) failed.
    case io(path: String, operation: String, message: String)
    /// The target is a file the import did not make (another Loci database, not SQLite at all):
    /// it is never replaced. `what` says what it is (``PlaceStore/PlaceStoreFile/summary``).
    case notAPlaceStore(path: String, what: String)
    /// The importing task was cancelled.
    case cancelled

    /// One line: what failed and where.
    public var description: String {
        switch self {
        case .input(let path, let error): "cannot import \(path): \(error.description)"
        case .notOSM(let path, let error):
            "cannot import \(path): not an OSM PBF or XML file (\(error.description))"
        case .store(let error): "cannot write the place store: \(error.description)"
        case .io(let path, let operation, let message): "\(operation) \(path) failed: \(message)"
        case .notAPlaceStore(let path, let what):
            "refusing to replace \(path): it is \(what), not a place store (left untouched; choose another path)"
        case .cancelled: "the import was cancelled"
        }
    }
}
