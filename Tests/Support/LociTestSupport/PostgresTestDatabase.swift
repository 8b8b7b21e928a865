import Foundation

/// The PostgreSQL server the Postgres-backed tests use: `$DATABASE_URL` (CI starts one with
/// `scripts/postgres-start`). Absent locally, those tests are skipped with ``missingMessage``;
/// absent in CI (`CI=true`), they fail with it.
public enum PostgresTestDatabase {
    /// `$DATABASE_URL`, when set and not empty.
    public static let url: String? = {
        guard let value = ProcessInfo.processInfo.environment["DATABASE_URL"], !value.isEmpty else {
            return nil
        }
        return value
    }()

    /// Whether this run is CI (`CI=true`), where a missing database is a failure.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether Postgres-backed tests run (and then must pass): a database is set, or this is CI.
    public static let shouldRun = url != nil || isCI

    /// Why the Postgres-backed tests did not run.
    public static let missingMessage =
        "DATABASE_URL is not set: start PostgreSQL with `export DATABASE_URL=$(scripts/postgres-start)`"

    /// How long a test's store waits for PostgreSQL to connect and migrate. The store's own
    /// default (30 s) is for a server; here the whole suite runs at once on a small machine, and
    /// each of the migration's round trips resumes on a cooperative thread shared with hundreds
    /// of CPU-bound tests, so a healthy server can take longer than that to be heard. A server
    /// that never answers is still an error, and the store's own timeout has its test.
    public static let connectTimeout: Duration = .seconds(600)

    /// A fresh schema name for one test (lower-case, unique).
    public static func freshSchema() -> String {
        "loci_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
