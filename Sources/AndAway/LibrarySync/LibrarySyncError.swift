import LibraryKit

/// Why a sync round stopped: the transport could not carry changes, or the library refused them.
/// Nothing is lost either way: unsent changes go next time, unacknowledged ones are fetched again.
public enum LibrarySyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The replica is offline (no network, no iCloud account): try later.
    case offline(replica: String)
    /// The transport failed (`operation` is `send`, `fetch` or `acknowledge`).
    case transport(operation: String, message: String)
    /// The local library refused a read or a merge (a damaged record, a rule broken).
    case library(LibraryError)

    /// One line for a status banner or a log.
    public var description: String {
        switch self {
        case .offline(let replica): "sync: replica '\(replica)' is offline"
        case .transport(let operation, let message): "sync \(operation): \(message)"
        case .library(let error): "sync: library: \(error)"
        }
    }
}
