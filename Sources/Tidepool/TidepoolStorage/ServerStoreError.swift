/// A failure of a repository (the server's stores, or the in-memory epoch store), naming the
/// operation and what went wrong. `LociServerStore` re-exports the name for its repositories.
public struct ServerStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The database refused or failed the operation (its message).
        case database(String)
        /// A stored row cannot be read back (damaged or hand-edited data).
        case corruptRow(String)
        /// The thing addressed does not exist (or belongs to someone else).
        case notFound(String)
        /// The write conflicts with what is stored (a duplicate).
        case conflict(String)
        /// A value is out of range (a rating outside 1...5, an empty id).
        case invalidArgument(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The repository operation, such as `"favourites.create"`.
    public var operation: String

    /// An error from its parts.
    public init(_ kind: Kind, operation: String) {
        self.kind = kind
        self.operation = operation
    }

    /// `"<operation>: <detail>"`.
    public var description: String {
        switch kind {
        case .database(let message): "\(operation): database error: \(message)"
        case .corruptRow(let detail): "\(operation): corrupt row: \(detail)"
        case .notFound(let detail): "\(operation): not found: \(detail)"
        case .conflict(let detail): "\(operation): conflict: \(detail)"
        case .invalidArgument(let detail): "\(operation): invalid argument: \(detail)"
        }
    }
}
