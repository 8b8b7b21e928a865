import Foundation
import Logging
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: DeviceRepository {
    /// Registers a device.
    public func createDevice(_ device: DeviceRecord) async throws(ServerStoreError) {
        try await run("devices.create") { client in
            try await Self.execute(
                client,
                "INSERT INTO device (id, created_at) VALUES (\(device.id), \(device.createdAt))",
                logger: logger)
        }
    }

    /// Stores an access token hash.
    public func storeAccessToken(hash: Data, deviceID: String, expiresAt: Int64)
        async throws(ServerStoreError)
    {
        try await run("devices.storeAccessToken") { client in
            try await Self.execute(
                client,
                """
                INSERT INTO access_token (token_hash, device_id, expires_at)
                VALUES (\(hash), \(deviceID), \(expiresAt))
                """, logger: logger)
        }
    }

    /// The device of an unexpired token.
    public func device(forTokenHash hash: Data, at unixSeconds: Int64) async throws(ServerStoreError)
        -> DeviceRecord?
    {
        try await run("devices.forToken") { client in
            let rows = try await client.query(
                """
                SELECT device.id, device.created_at FROM access_token
                JOIN device ON device.id = access_token.device_id
                WHERE token_hash = \(hash) AND expires_at > \(unixSeconds)
                """, logger: logger)
            for try await (id, createdAt) in rows.decode((String, Int64).self) {
                return DeviceRecord(id: id, createdAt: createdAt)
            }
            return nil
        }
    }

    /// Deletes a device and (by cascade) its tokens, profile and favourites.
    public func deleteDevice(id: String) async throws(ServerStoreError) {
        let deleted = try await run("devices.delete") { client in
            try await Self.count(
                client.query("DELETE FROM device WHERE id = \(id) RETURNING id", logger: logger))
        }
        guard deleted == 1 else {
            throw ServerStoreError(.notFound("device \(id)"), operation: "devices.delete")
        }
    }

    /// Forgets expired access and refresh tokens, and families left without a refresh token.
    public func discardExpiredTokens(at unixSeconds: Int64) async throws(ServerStoreError) {
        try await run("devices.discardExpiredTokens") { client in
            try await Self.execute(
                client, "DELETE FROM access_token WHERE expires_at <= \(unixSeconds)", logger: logger)
            try await Self.execute(
                client, "DELETE FROM refresh_token WHERE expires_at <= \(unixSeconds)", logger: logger)
            try await Self.execute(
                client,
                """
                DELETE FROM session_family WHERE NOT EXISTS (
                    SELECT 1 FROM refresh_token WHERE refresh_token.family_id = session_family.id)
                """, logger: logger)
        }
    }

    /// The number of rows of an answer (for `RETURNING` clauses).
    static func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }
}

extension PostgresServerStore: ProfileRepository {
    /// Creates or replaces a profile.
    public func saveProfile(_ profile: ProfileRecord) async throws(ServerStoreError) {
        let body = try Self.body(of: profile, operation: "profiles.save")
        let logger = logger
        try await run("profiles.save") { client in
            try await client.withConnection { connection in
                try await Self.saveProfile(deviceID: profile.deviceID, body: body, connection, logger: logger)
            }
        }
    }

    /// The stored form of a profile (JSON text).
    static func body(of profile: ProfileRecord, operation: String) throws(ServerStoreError) -> String {
        do { return String(decoding: try JSONEncoder().encode(profile), as: UTF8.self) } catch {
            throw StoreFailure.logged(
                .invalidArgument("the profile cannot be stored (a number that is not finite)"), operation: operation,
                detail: "\(error)")
        }
    }

    /// Creates or replaces a profile's row on `connection` (inside the caller's transaction).
    static func saveProfile(deviceID: String, body: String, _ connection: PostgresConnection, logger: Logger)
        async throws
    {
        for try await _ in try await connection.query(
            """
            INSERT INTO profile (device_id, body) VALUES (\(deviceID), \(body))
            ON CONFLICT (device_id) DO UPDATE SET body = excluded.body
            """, logger: logger)
        {}
    }

    /// The device's profile.
    public func profile(deviceID: String) async throws(ServerStoreError) -> ProfileRecord? {
        let text: String? = try await run("profiles.get") { client in
            let rows = try await client.query(
                "SELECT body FROM profile WHERE device_id = \(deviceID)", logger: logger)
            for try await body in rows.decode(String.self) { return body }
            return nil
        }
        guard let text else { return nil }
        do { return try JSONDecoder().decode(ProfileRecord.self, from: Data(text.utf8)) } catch {
            throw StoreFailure.logged(
                .corruptRow("the stored profile of \(deviceID) cannot be read"), operation: "profiles.get",
                detail: "\(error)")
        }
    }
}
