import Foundation
import GRDB
import ServerRepositories

/// The embedded default: every repository in one SQLite file (WAL, `synchronous = FULL`, so a
/// write that returned survives `kill -9` and power loss), migrated on open.
///
/// Sync GRDB calls run on the calling task: each is a short indexed statement.
public final class SQLiteServerStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating and migrating) the store at `path`.
    /// - Throws: ``ServerStoreError`` with kind `database` when the file cannot be opened or
    ///   migrated.
    public init(path: String) throws(ServerStoreError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw ServerStoreError(.database("\(path): \(error)"), operation: "open")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: SQLiteServerSchema.v1)
        }
        migrator.registerMigration("v2-sessions") { db in
            try db.execute(sql: SQLiteServerSchema.v2Sessions)
        }
        migrator.registerMigration("v3-issuance") { db in
            try db.execute(sql: SQLiteServerSchema.v3Issuance)
        }
        migrator.registerMigration("v4-registration-challenges") { db in
            try db.execute(sql: SQLiteServerSchema.v4RegistrationChallenges)
        }
        migrator.registerMigration("v5-facets-daily-cap") { db in
            try db.execute(sql: SQLiteServerSchema.v5FacetsAndDailyCap)
        }
        migrator.registerMigration("v6-epoch-keys") { db in
            try db.execute(sql: SQLiteServerSchema.v6EpochKeys)
        }
        migrator.registerMigration("v7-budget-units") { db in
            try db.execute(sql: SQLiteServerSchema.v7BudgetUnits)
        }
        migrator.registerMigration("v8-spent-nonces") { db in
            try db.execute(sql: SQLiteServerSchema.v8SpentNonces)
        }
        return migrator
    }

    /// Runs a write transaction, mapping errors: a constraint violation is a `conflict` saying
    /// `conflict` (default: the write conflicts with a stored row), anything else the database
    /// says is `database` "storage unavailable"; the database's own message goes to the log.
    func write<T>(
        _ operation: String, conflict: @autoclosure () -> String = "the write conflicts with a stored row",
        _ body: (Database) throws -> T
    ) throws(ServerStoreError) -> T {
        do {
            return try pool.write { db in try body(db) }
        } catch let error as ServerStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw StoreFailure.logged(.conflict(conflict()), operation: operation, detail: "\(error)")
        } catch {
            throw StoreFailure.unavailable(operation: operation, detail: "\(error)")
        }
    }

    /// Runs a read, mapping errors as ``write(_:conflict:_:)`` does.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(ServerStoreError) -> T {
        do {
            return try pool.read { db in try body(db) }
        } catch let error as ServerStoreError {
            throw error
        } catch {
            throw StoreFailure.unavailable(operation: operation, detail: "\(error)")
        }
    }
}

/// The SQL of each schema version (shared in spirit with the PostgreSQL one).
enum SQLiteServerSchema {
    static let v1 = """
        CREATE TABLE device (
            id TEXT PRIMARY KEY NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE access_token (
            token_hash BLOB PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX access_token_device ON access_token(device_id);
        CREATE TABLE profile (
            device_id TEXT PRIMARY KEY NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            body TEXT NOT NULL
        );
        CREATE TABLE favourite (
            id TEXT PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            place_id TEXT NOT NULL,
            rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            note TEXT,
            created_at INTEGER NOT NULL,
            UNIQUE (device_id, place_id)
        );
        CREATE TABLE heat_release (
            epoch INTEGER PRIMARY KEY NOT NULL,
            expires_at INTEGER NOT NULL,
            body BLOB NOT NULL
        );
        CREATE TABLE partial_count (
            epoch INTEGER NOT NULL,
            node TEXT NOT NULL,
            tile INTEGER NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0),
            PRIMARY KEY (epoch, node, tile)
        );
        CREATE TABLE epoch_close (
            epoch INTEGER PRIMARY KEY NOT NULL,
            node TEXT NOT NULL,
            claimed_at INTEGER NOT NULL
        );
        """

    /// Sessions that last: the device's secret hash (NULL for devices registered before it),
    /// session families and rotating refresh tokens; access tokens join a family (NULL for
    /// tokens issued before). Existing rows are kept as they are.
    static let v2Sessions = """
        ALTER TABLE device ADD COLUMN secret_hash BLOB;
        CREATE TABLE session_family (
            id TEXT PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            revoked_at INTEGER
        );
        CREATE INDEX session_family_device ON session_family(device_id);
        CREATE TABLE refresh_token (
            token_hash BLOB PRIMARY KEY NOT NULL,
            family_id TEXT NOT NULL REFERENCES session_family(id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL,
            spent_at INTEGER
        );
        CREATE INDEX refresh_token_family ON refresh_token(family_id);
        ALTER TABLE access_token ADD COLUMN family_id TEXT REFERENCES session_family(id) ON DELETE CASCADE;
        CREATE INDEX access_token_family ON access_token(family_id);
        """

    /// Blind-token issuance once per device per epoch (``IssuanceRepository``).
    static let v3Issuance = """
        CREATE TABLE issuance (
            epoch INTEGER NOT NULL,
            device_id TEXT NOT NULL,
            PRIMARY KEY (epoch, device_id)
        );
        """

    /// Single-use registration challenges (``ChallengeRepository``), by the SHA-256 of each.
    static let v4RegistrationChallenges = """
        CREATE TABLE registration_challenge (
            challenge_hash BLOB PRIMARY KEY NOT NULL,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX registration_challenge_expiry ON registration_challenge(expires_at);
        """

    /// Interest facets and the daily token cap: per-node facet counts of an epoch (no identity),
    /// and tokens issued per device per UTC day (no tile; deleted after the day).
    static let v5FacetsAndDailyCap = """
        CREATE TABLE partial_facet_count (
            epoch INTEGER NOT NULL,
            node TEXT NOT NULL,
            tile INTEGER NOT NULL,
            facet INTEGER NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0),
            PRIMARY KEY (epoch, node, tile, facet)
        );
        CREATE TABLE daily_issuance (
            day INTEGER NOT NULL,
            device_id TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0),
            PRIMARY KEY (day, device_id)
        );
        """

    /// One blind-signing key per epoch for the whole cluster (``EpochKeyRepository``): the private
    /// key (DER) by epoch, made ahead and deleted once the epoch has ended.
    static let v6EpochKeys = """
        CREATE TABLE epoch_key (
            epoch INTEGER PRIMARY KEY NOT NULL,
            private_key BLOB NOT NULL
        );
        """

    /// The token cap counts per budget unit (the App Attest key a device registered with, else
    /// the device) over any day's worth of epochs, from the `issuance (epoch, device_id)` rows
    /// (`device_id` now holds the unit), so the per-UTC-day counts go.
    static let v7BudgetUnits = """
        DROP TABLE daily_issuance;
        CREATE TABLE budget_unit (
            device_id TEXT PRIMARY KEY NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            unit TEXT NOT NULL
        );
        """

    /// Redeemed tokens' nonces, shared by the cluster (one key per epoch verifies at every node,
    /// so spent-once must hold across nodes): epoch and nonce only, deleted when the epoch ends.
    static let v8SpentNonces = """
        CREATE TABLE spent_nonce (
            epoch INTEGER NOT NULL,
            nonce BLOB NOT NULL,
            PRIMARY KEY (epoch, nonce)
        );
        """
}
