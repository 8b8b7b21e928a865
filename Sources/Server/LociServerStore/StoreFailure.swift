import Logging
import ServerRepositories

/// The one place both stores turn a database's failure into a ``ServerStoreError`` a client may
/// read: the clean kind goes into the error, what the database said goes to the log (and the
/// error's `detail`).
enum StoreFailure {
    /// The stores' log (the server's logging backend, once bootstrapped).
    static let logger = Logger(label: "loci.store")

    /// What a client reads for a database that failed (I/O, full disk, lost connection).
    static let unavailableMessage = "storage unavailable"

    /// A `database` error saying "storage unavailable", logged with `detail`.
    static func unavailable(operation: String, detail: String) -> ServerStoreError {
        logged(.database(unavailableMessage), operation: operation, detail: detail)
    }

    /// An error of `kind`, logged (at error level for `database` and `corruptRow`, else debug)
    /// with `detail`.
    static func logged(_ kind: ServerStoreError.Kind, operation: String, detail: String) -> ServerStoreError {
        let error = ServerStoreError(kind, operation: operation, detail: detail)
        switch kind {
        case .database, .corruptRow: logger.error("\(error.diagnostic)")
        default: logger.debug("\(error.diagnostic)")
        }
        return error
    }
}
