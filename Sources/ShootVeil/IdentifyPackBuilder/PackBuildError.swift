import IdentifyKit
import IdentifyPack
import PlaceImport
import PlaceStore

/// Why a pack was not built. No file is left at the output path.
public enum PackBuildError: Error, Sendable, CustomStringConvertible {
    /// An input file cannot be read.
    case unreadable(path: String, String)
    /// The landmark list is not a Wikidata landmarks CSV.
    case landmarks(path: String, LandmarkCSVError)
    /// The airport list is not `airports.csv`.
    case airports(path: String, LandmarkCSVError)
    /// The extract could not be imported.
    case importFailed(PlaceImportError)
    /// The place store could not be read, or the pack's store part written.
    case store(PlaceStoreError)
    /// The area holds no buildings (a wrong `--bbox`, or an extract without footprints).
    case emptyArea(String)
    /// Writing the pack's own tables, or moving the finished file into place, failed.
    case write(path: String, String)
    /// The finished pack failed its own verification (a bug, or the disk changed it).
    case verification(PackError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read it: \(reason)"
        case .landmarks(let path, let error): "landmarks \(path) line \(error.line): \(error.reason)"
        case .airports(let path, let error): "airports \(path) line \(error.line): \(error.reason)"
        case .importFailed(let error): "\(error)"
        case .store(let error): error.description
        case .emptyArea(let detail): "nothing to pack: \(detail)"
        case .write(let path, let reason): "writing the pack \(path): \(reason)"
        case .verification(let error): "the new pack failed verification: \(error.description)"
        }
    }
}
