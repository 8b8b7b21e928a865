import Foundation
@testable import LociServerStore
import LociTestSupport
import PostgresNIO
import ServerRepositories
import Testing

/// A schema at version 1 (before sessions) migrates to the current version on open and keeps its rows.
@Suite("PostgreSQL server store migrations")
struct PostgresMigrationTests {
    /// Takes a fresh schema back to version 1 as earlier builds left it.
    static let downgrade = [
        "DROP TABLE spent_nonce",
        "DROP TABLE budget_unit",
        "DROP TABLE epoch_key",
        "DROP TABLE partial_facet_count",
        "DROP TABLE registration_challenge",
        "DROP TABLE issuance",
        "ALTER TABLE access_token DROP COLUMN family_id",
        "DROP TABLE refresh_token",
        "DROP TABLE session_family",
        "ALTER TABLE device DROP COLUMN secret_hash",
        "DELETE FROM loci_schema WHERE version > 1",
        "INSERT INTO device (id, created_at) VALUES ('old', 1)",
        "INSERT INTO access_token (token_hash, device_id, expires_at) VALUES ('\\x0a0b'::bytea, 'old', 5000)",
    ]

    @Test(
        "a version-1 schema keeps its device and token and takes new sessions",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func fromV1() async throws {
        let url = try #require(PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
        let schema = PostgresTestDatabase.freshSchema()
        let first = try await PostgresServerStore(url: url, schema: schema, connectTimeout: PostgresTestDatabase.connectTimeout)
        for statement in Self.downgrade {
            try await PostgresServerStore.execute(first.client, PostgresQuery(unsafeSQL: statement), logger: first.logger)
        }
        first.shutdown()
        let store = try await PostgresServerStore(url: url, schema: schema, connectTimeout: PostgresTestDatabase.connectTimeout)
        defer { store.shutdown() }
        let old = DeviceRecord(id: "old", createdAt: 1)
        #expect(try await store.device(forTokenHash: Data([0x0A, 0x0B]), at: 10) == old)
        #expect(try await store.deviceSecretHash(deviceID: "old") == nil)
        let tokens = SessionTokens(
            accessHash: Data("a".utf8), accessExpiresAt: 100, refreshHash: Data("r".utf8), refreshExpiresAt: 200)
        try await store.openSession(NewSession(familyID: "f1", deviceID: "old", createdAt: 10, tokens: tokens))
        #expect(try await store.rotateRefreshToken(hash: Data("r".utf8), next: tokens.next, at: 11) == .rotated(old))
        var versions: [Int32] = []
        for try await version in try await store.client.query(
            "SELECT version FROM loci_schema ORDER BY version", logger: store.logger
        ).decode(Int32.self) {
            versions.append(version)
        }
        #expect(versions == [1, 2, 3, 4, 5, 6, 7, 8])
        try await store.dropSchema()
    }
}
