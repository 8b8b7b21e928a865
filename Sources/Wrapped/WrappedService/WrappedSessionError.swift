import WrappedKit

/// Why a Photo Wrapped session or its export stopped.
public enum WrappedSessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo library could not be listed at all.
    case sourceUnreadable(WrappedError)
    /// The cache database at `path` could not be opened or created.
    case cacheUnopenable(path: String, WrappedError)
    /// The output folder (or its `cards/` folder) at `path` could not be created.
    case folderUnwritable(path: String, message: String)
    /// The file at `path` could not be written.
    case fileUnwritable(path: String, message: String)
    /// The deck could not be encoded as JSON.
    case encodingFailed(message: String)
    /// The user cancelled the run; nothing was stored.
    case cancelled

    public var description: String {
        switch self {
        case .sourceUnreadable(let error): "\(error)"
        case .cacheUnopenable(let path, let error): "cache \(path): \(error)"
        case .folderUnwritable(let path, let message): "cannot create \(path): \(message)"
        case .fileUnwritable(let path, let message): "cannot write \(path): \(message)"
        case .encodingFailed(let message): "deck not encoded as JSON: \(message)"
        case .cancelled: "cancelled; nothing was stored"
        }
    }
}
