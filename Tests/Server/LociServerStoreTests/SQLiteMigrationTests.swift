import Foundation
import GRDB
import LociServerStore
import ServerRepositories
import Testing

/// A database written by the version before sessions (schema `v1`, as it shipped) opens,
/// keeps its rows, and gains sessions.
@Suite("SQLite server store migrations")
struct SQLiteMigrationTests {
    /// The `v1` schema as earlier builds wrote it (tables that sessions touch).
    static let v1 = """
        CREATE TABLE device (id TEXT PRIMARY KEY NOT NULL, created_at INTEGER NOT NULL);
        CREATE TABLE access_token (
            token_hash BLOB PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL);
        CREATE INDEX access_token_device ON access_token(device_id);
        CREATE TABLE profile (
            device_id TEXT PRIMARY KEY NOT NULL REFERENCES device(id) ON DELETE CASCADE, body TEXT NOT NULL);
        CREATE TABLE favourite (
            id TEXT PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            place_id TEXT NOT NULL,
            rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            note TEXT, created_at INTEGER NOT NULL, UNIQUE (device_id, place_id));
        CREATE TABLE heat_release (epoch INTEGER PRIMARY KEY NOT NULL, expires_at INTEGER NOT NULL, body BLOB NOT NULL);
        CREATE TABLE partial_count (
            epoch INTEGER NOT NULL, node TEXT NOT NULL, tile INTEGER NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0), PRIMARY KEY (epoch, node, tile));
        CREATE TABLE epoch_close (epoch INTEGER PRIMARY KEY NOT NULL, node TEXT NOT NULL, claimed_at INTEGER NOT NULL);
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations (identifier) VALUES ('v1');
        INSERT INTO device (id, created_at) VALUES ('old', 1);
        INSERT INTO access_token (token_hash, device_id, expires_at) VALUES (X'0A0B', 'old', 5000);
        INSERT INTO favourite (id, device_id, place_id, rating, note, created_at)
            VALUES ('f', 'old', 'osm:node/1', 4, NULL, 2);
        """

    @Test("a v1 database keeps its device, token and favourite, and takes new sessions")
    func fromV1() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.inDatabase { db in try db.execute(sql: Self.v1) }
        }
        let store = try SQLiteServerStore(path: path)
        let old = DeviceRecord(id: "old", createdAt: 1)
        #expect(try await store.device(forTokenHash: Data([0x0A, 0x0B]), at: 10) == old)
        #expect(try await store.favourites(deviceID: "old").map(\.rating) == [4])
        #expect(try await store.deviceSecretHash(deviceID: "old") == nil)
        let tokens = SessionTokens(
            accessHash: Data("a".utf8), accessExpiresAt: 100, refreshHash: Data("r".utf8), refreshExpiresAt: 200)
        try await store.openSession(NewSession(familyID: "f1", deviceID: "old", createdAt: 10, tokens: tokens))
        #expect(try await store.rotateRefreshToken(hash: Data("r".utf8), next: tokens.next, at: 11) == .rotated(old))
        try await store.deleteDevice(id: "old")
        #expect(try await store.device(forTokenHash: Data("a2".utf8), at: 12) == nil)
    }
}

extension SessionTokens {
    /// The same lifetimes with hashes `a2` and `r2`.
    var next: SessionTokens {
        SessionTokens(
            accessHash: Data("a2".utf8), accessExpiresAt: accessExpiresAt, refreshHash: Data("r2".utf8),
            refreshExpiresAt: refreshExpiresAt)
    }
}
