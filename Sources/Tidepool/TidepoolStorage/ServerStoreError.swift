/// A failure of a repository (the server's stores, or the in-memory epoch store), naming the
/// operation and what went wrong. `LociServerStore` re-exports the name for its repositories.
///
/// The kind's text and ``description`` are fit for an answer to a client: the stores put no
/// SQL, file path or driver message there (a duplicate is a `conflict` naming what is
/// duplicated; a failed database is "storage unavailable"). What the database said is in
/// ``detail``, for the log only.
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
    /// What the database or driver said (SQL, paths, library messages): for the log, never for
    /// an answer. Nil when the kind says it all.
    public var detail: String?

    /// An error from its parts.
    public init(_ kind: Kind, operation: String, detail: String? = nil) {
        self.kind = kind
        self.operation = operation
        self.detail = detail
    }

    /// ``description`` followed by ``detail`` (for logs and operators, not clients).
    public var diagnostic: String {
        guard let detail else { return description }
        return "\(description) (\(detail))"
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
