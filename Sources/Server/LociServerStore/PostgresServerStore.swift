import Foundation
import Logging
import PostgresNIO
import ServerRepositories

/// The scale-mode store: every repository in one PostgreSQL database, shared by several
/// `loci serve` processes. Migrated on open (tables created if absent, a schema version row,
/// under an advisory lock so processes starting together do not race).
///
/// Each call is one statement (atomic on its own) unless it says otherwise; the connection
/// pool runs in a task the store owns until ``shutdown()``.
public final class PostgresServerStore: Sendable {
    /// The schema (namespace) the tables live in.
    public let schema: String
    let client: PostgresClient
    let runner: Task<Void, Never>
    let logger: Logger

    /// The schema version this build writes.
    public static let schemaVersion = PostgresServerSchema.versions.count

    /// Connects to `url` (`postgres://user:password@host:port/database`, optionally
    /// `?schema=NAME`), creating the schema when it is not `public`, and migrates it. `schema`
    /// overrides the URL's; neither means `public`.
    /// - Throws: ``ServerStoreError`` with kind `invalidArgument` for a URL that does not parse,
    ///   `database` when the server cannot be reached within `connectTimeout` or refuses the
    ///   migration.
    public init(
        url: String, schema: String? = nil, connectTimeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "loci.postgres")
    ) async throws(ServerStoreError) {
        let schema =
            schema ?? URLComponents(string: url)?.queryItems?.first(where: { $0.name == "schema" })?.value
            ?? "public"
        guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
            throw ServerStoreError(
                .invalidArgument("schema name \(schema) is not [a-z_][a-z0-9_]*"), operation: "open")
        }
        let endpoint = try Self.endpoint(url: url)
        // One direct connection first: a wrong password, database or address is reported with
        // the server's own message (the pool below would only retry quietly until the timeout).
        do {
            try await Self.withTimeout(connectTimeout, what: "connecting to \(Self.redacted(url))") {
                let probe = try await PostgresConnection.connect(
                    configuration: PostgresConnection.Configuration(
                        host: endpoint.host, port: endpoint.port, username: endpoint.user,
                        password: endpoint.password, database: endpoint.database, tls: .disable),
                    id: 0, logger: logger)
                try await probe.close()
            }
        } catch {
            throw Self.map(error, operation: "open \(Self.redacted(url))")
        }
        var configuration = PostgresClient.Configuration(
            host: endpoint.host, port: endpoint.port, username: endpoint.user, password: endpoint.password,
            database: endpoint.database, tls: .disable)
        configuration.options.additionalStartupParameters = [("search_path", schema)]
        configuration.options.connectTimeout = connectTimeout
        self.schema = schema
        self.logger = logger
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
        do {
            try await Self.withTimeout(connectTimeout, what: "connecting to \(Self.redacted(url))") {
                try await Self.migrate(client, schema: schema, logger: logger)
            }
        } catch {
            runner.cancel()
            throw Self.map(error, operation: "open \(Self.redacted(url))")
        }
    }

    deinit { runner.cancel() }

    /// Closes the connection pool (later calls fail with `database` errors).
    public func shutdown() { runner.cancel() }

    /// The URL with its password replaced, for messages and logs.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "(unparsable URL)"
    }

    /// Where a `postgres://` URL points.
    struct Endpoint: Sendable {
        var host: String
        var port: Int
        var user: String
        var password: String?
        var database: String
    }

    /// The endpoint of a `postgres://` URL (no TLS: loopback or a private network; `sslmode`
    /// other than `disable` is refused rather than silently ignored).
    static func endpoint(url: String) throws(ServerStoreError) -> Endpoint {
        func refuse(_ reason: String) -> ServerStoreError {
            ServerStoreError(.invalidArgument("DATABASE_URL \(redacted(url)): \(reason)"), operation: "open")
        }
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql"
        else { throw refuse("not a postgres:// URL") }
        guard let host = components.host, !host.isEmpty else { throw refuse("no host") }
        guard let user = components.user, !user.isEmpty else { throw refuse("no user name") }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty else { throw refuse("no database name") }
        for item in components.queryItems ?? [] {
            switch item.name {
            case "schema": continue
            case "sslmode" where item.value == "disable": continue
            case "sslmode":
                throw refuse(
                    "sslmode=\(item.value ?? "") is not supported (use sslmode=disable or no sslmode)")
            default: throw refuse("unknown parameter \(item.name) (known: schema, sslmode)")
            }
        }
        return Endpoint(
            host: host, port: components.port ?? 5432, user: user,
            password: components.password?.removingPercentEncoding, database: database)
    }

    /// Creates the schema and tables when absent and records the version, under a
    /// transaction-scoped advisory lock.
    static func migrate(_ client: PostgresClient, schema: String, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(migrationLockClass), \(migrationLockID(schema)))", logger: logger)
            try await connection.query(
                "CREATE SCHEMA IF NOT EXISTS \(unescaped: "\"\(schema)\"")", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS loci_schema (version INTEGER PRIMARY KEY NOT NULL)",
                logger: logger)
            var current = 0
            for try await version in try await connection.query(
                "SELECT COALESCE(MAX(version), 0) FROM loci_schema", logger: logger
            ).decode(Int32.self) {
                current = Int(version)
            }
            guard current <= schemaVersion else {
                throw ServerStoreError(
                    .database(
                        "schema \(schema) is at version \(current), newer than this build's \(schemaVersion)"),
                    operation: "migrate")
            }
            // Each version's statements, once, in order; a version is recorded in the same
            // transaction as its statements.
            for (index, statements) in PostgresServerSchema.versions.enumerated() where current < index + 1 {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO loci_schema (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }

    /// The first key of the migration advisory locks ("loci" in ASCII); the second is the
    /// schema's (``migrationLockID(_:)``), so processes migrating the same schema wait for each
    /// other while different schemas (test runs, tenants) migrate side by side.
    static let migrationLockClass: Int32 = 0x6C6F_6369

    /// A stable 32-bit id of a schema name (FNV-1a), the second key of its migration lock.
    static func migrationLockID(_ schema: String) -> Int32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in schema.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return Int32(bitPattern: hash)
    }

    /// Runs `body` on the pool, mapping its errors to ``ServerStoreError``.
    func run<T: Sendable>(_ operation: String, _ body: (PostgresClient) async throws -> T)
        async throws(ServerStoreError) -> T
    {
        do { return try await body(client) } catch { throw Self.map(error, operation: operation) }
    }

    /// Runs a statement and reads its answer to the end (so its errors surface here).
    static func execute(_ client: PostgresClient, _ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await client.query(query, logger: logger) {}
    }

    /// Maps a driver error: integrity violations (SQLSTATE class 23) are conflicts, data
    /// exceptions (class 22) invalid arguments, the rest `database` "storage unavailable"; the
    /// server's message goes to the log, and stays in the text only for `open` (an operator reads
    /// that at startup; no client does).
    static func map(_ error: any Error, operation: String) -> ServerStoreError {
        switch error {
        case let error as ServerStoreError: return error
        case let error as PostgresTransactionError:
            if let inner = error.closureError ?? error.commitError ?? error.beginError {
                return map(inner, operation: operation)
            }
            return StoreFailure.unavailable(operation: operation, detail: "transaction failed")
        case let error as PSQLError:
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            let state = error.serverInfo?[.sqlState] ?? ""
            let detail = state.isEmpty ? message : "\(message) (SQLSTATE \(state))"
            if operation.hasPrefix("open") { return ServerStoreError(.database(detail), operation: operation) }
            if state.hasPrefix("23") {
                return StoreFailure.logged(
                    .conflict("the write conflicts with a stored row"), operation: operation, detail: detail)
            }
            // Class 22, data exceptions: a value PostgreSQL cannot store (a NUL character in
            // text, a number out of range) is the caller's input, not a database failure.
            if state.hasPrefix("22") {
                return StoreFailure.logged(
                    .invalidArgument("a value cannot be stored (a control character in text, or a number out of range)"),
                    operation: operation, detail: detail)
            }
            return StoreFailure.unavailable(operation: operation, detail: detail)
        default:
            if operation.hasPrefix("open") { return ServerStoreError(.database("\(error)"), operation: operation) }
            return StoreFailure.unavailable(operation: operation, detail: "\(error)")
        }
    }

    /// Runs `body`, failing with a `database` error naming `what` after `limit` (the pool
    /// waits for a server that never answers; this turns that wait into an error).
    static func withTimeout<T: Sendable>(
        _ limit: Duration, what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw ServerStoreError(.database("\(what): no answer within \(limit)"), operation: "open")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}

/// The SQL of each schema version, one statement per element (the SQLite schema's twin:
/// BIGINT for Unix seconds and tile ids, BYTEA for hashes and bodies).
enum PostgresServerSchema {
    /// The statements of versions 1, 2, … in order (``PostgresServerStore/schemaVersion`` of them).
    static let versions: [[String]] = [
        v1, v2Sessions, [v3Issuance], v4RegistrationChallenges, v5FacetsAndDailyCap, [v6EpochKeys], v7BudgetUnits,
        [v8SpentNonces],
    ]

    static let v1 = [
        """
        CREATE TABLE device (
            id TEXT PRIMARY KEY NOT NULL,
            created_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE access_token (
            token_hash BYTEA PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            expires_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX access_token_device ON access_token(device_id)",
        "CREATE INDEX access_token_expiry ON access_token(expires_at)",
        """
        CREATE TABLE profile (
            device_id TEXT PRIMARY KEY NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            body TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE favourite (
            id TEXT PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            place_id TEXT NOT NULL,
            rating BIGINT CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            note TEXT,
            created_at BIGINT NOT NULL,
            UNIQUE (device_id, place_id)
        )
        """,
        """
        CREATE TABLE heat_release (
            epoch BIGINT PRIMARY KEY NOT NULL,
            expires_at BIGINT NOT NULL,
            body BYTEA NOT NULL
        )
        """,
        """
        CREATE TABLE partial_count (
            epoch BIGINT NOT NULL,
            node TEXT NOT NULL,
            tile BIGINT NOT NULL,
            count BIGINT NOT NULL CHECK (count > 0),
            PRIMARY KEY (epoch, node, tile)
        )
        """,
        """
        CREATE TABLE epoch_close (
            epoch BIGINT PRIMARY KEY NOT NULL,
            node TEXT NOT NULL,
            claimed_at BIGINT NOT NULL
        )
        """,
    ]

    /// Version 2, sessions that last (the SQLite `v2-sessions` migration's twin): the device's
    /// secret hash (NULL for devices registered before), session families, rotating refresh
    /// tokens, and the family of each access token (NULL for tokens issued before).
    static let v2Sessions = [
        "ALTER TABLE device ADD COLUMN secret_hash BYTEA",
        """
        CREATE TABLE session_family (
            id TEXT PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            created_at BIGINT NOT NULL,
            revoked_at BIGINT
        )
        """,
        "CREATE INDEX session_family_device ON session_family(device_id)",
        """
        CREATE TABLE refresh_token (
            token_hash BYTEA PRIMARY KEY NOT NULL,
            family_id TEXT NOT NULL REFERENCES session_family(id) ON DELETE CASCADE,
            expires_at BIGINT NOT NULL,
            spent_at BIGINT
        )
        """,
        "CREATE INDEX refresh_token_family ON refresh_token(family_id)",
        "CREATE INDEX refresh_token_expiry ON refresh_token(expires_at)",
        "ALTER TABLE access_token ADD COLUMN family_id TEXT REFERENCES session_family(id) ON DELETE CASCADE",
        "CREATE INDEX access_token_family ON access_token(family_id)",
    ]

    /// Version 3: blind-token issuance once per device per epoch across nodes
    /// (``IssuanceRepository``; the SQLite `v3-issuance` migration's twin).
    static let v3Issuance = """
        CREATE TABLE issuance (
            epoch BIGINT NOT NULL,
            device_id TEXT NOT NULL,
            PRIMARY KEY (epoch, device_id)
        )
        """

    /// Version 4: single-use registration challenges (``ChallengeRepository``; the SQLite
    /// `v4-registration-challenges` migration's twin).
    static let v4RegistrationChallenges = [
        """
        CREATE TABLE registration_challenge (
            challenge_hash BYTEA PRIMARY KEY NOT NULL,
            expires_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX registration_challenge_expiry ON registration_challenge(expires_at)",
    ]

    /// Version 5: interest facets and the daily token cap (the SQLite `v5-facets-daily-cap`
    /// migration's twin): per-node facet counts of an epoch, tokens per device per UTC day.
    static let v5FacetsAndDailyCap = [
        """
        CREATE TABLE partial_facet_count (
            epoch BIGINT NOT NULL,
            node TEXT NOT NULL,
            tile BIGINT NOT NULL,
            facet BIGINT NOT NULL,
            count BIGINT NOT NULL CHECK (count > 0),
            PRIMARY KEY (epoch, node, tile, facet)
        )
        """,
        """
        CREATE TABLE daily_issuance (
            day BIGINT NOT NULL,
            device_id TEXT NOT NULL,
            count BIGINT NOT NULL CHECK (count > 0),
            PRIMARY KEY (day, device_id)
        )
        """,
    ]

    /// Version 6: one blind-signing key per epoch for the whole cluster (``EpochKeyRepository``;
    /// the SQLite `v6-epoch-keys` migration's twin).
    static let v6EpochKeys = """
        CREATE TABLE epoch_key (
            epoch BIGINT PRIMARY KEY NOT NULL,
            private_key BYTEA NOT NULL
        )
        """

    /// Version 7: the token cap per budget unit over any day's worth of epochs (the SQLite
    /// `v7-budget-units` migration's twin).
    static let v7BudgetUnits = [
        "DROP TABLE daily_issuance",
        """
        CREATE TABLE budget_unit (
            device_id TEXT PRIMARY KEY NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            unit TEXT NOT NULL
        )
        """,
    ]

    /// Version 8: redeemed tokens' nonces shared by the cluster (the SQLite `v8-spent-nonces`
    /// migration's twin).
    static let v8SpentNonces = """
        CREATE TABLE spent_nonce (
            epoch BIGINT NOT NULL,
            nonce BYTEA NOT NULL,
            PRIMARY KEY (epoch, nonce)
        )
        """
}

extension PostgresServerStore {
    /// Drops this store's schema and everything in it (test teardown). Refuses `public`.
    /// - Throws: ``ServerStoreError`` with kind `invalidArgument` for `public`, `database` when
    ///   the drop fails.
    public func dropSchema() async throws(ServerStoreError) {
        guard schema != "public" else {
            throw ServerStoreError(
                .invalidArgument("refusing to drop the public schema"), operation: "dropSchema")
        }
        try await run("dropSchema") { client in
            try await Self.execute(
                client, "DROP SCHEMA \(unescaped: "\"\(schema)\"") CASCADE", logger: logger)
        }
    }
}
