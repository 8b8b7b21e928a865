import Foundation
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: SessionRepository {
    /// Registers a device with its secret hash and first family, in one transaction.
    public func createDevice(_ device: DeviceRecord, secretHash: Data, session: NewSession)
        async throws(ServerStoreError)
    {
        try await run("sessions.createDevice") { client in
            try await client.withTransaction(logger: logger) { connection in
                _ = try await Self.count(
                    connection.query(
                        """
                        INSERT INTO device (id, created_at, secret_hash)
                        VALUES (\(device.id), \(device.createdAt), \(secretHash))
                        """, logger: logger))
                try await Self.insert(session, connection, logger: logger)
            }
        }
    }

    /// The device's secret hash.
    public func deviceSecretHash(deviceID: String) async throws(ServerStoreError) -> Data? {
        try await run("sessions.secretHash") { client in
            let rows = try await client.query(
                "SELECT secret_hash FROM device WHERE id = \(deviceID)", logger: logger)
            for try await hash in rows.decode(ByteBuffer?.self) { return hash.map { Data(buffer: $0) } }
            return nil
        }
    }

    /// Opens a family for an existing device.
    public func openSession(_ session: NewSession) async throws(ServerStoreError) {
        try await run("sessions.open") { client in
            try await client.withTransaction(logger: logger) { connection in
                let found = try await Self.count(
                    connection.query(
                        "SELECT id FROM device WHERE id = \(session.deviceID) FOR SHARE", logger: logger))
                guard found == 1 else {
                    throw ServerStoreError(.notFound("device \(session.deviceID)"), operation: "sessions.open")
                }
                try await Self.insert(session, connection, logger: logger)
            }
        }
    }

    /// Spends a refresh token, or revokes its family on reuse. The token's row and its
    /// family's are locked (`FOR UPDATE`), so two nodes presenting the same token at once are
    /// one rotation and one reuse.
    public func rotateRefreshToken(hash: Data, next: SessionTokens, at unixSeconds: Int64)
        async throws(ServerStoreError) -> RefreshOutcome
    {
        try await run("sessions.rotate") { client in
            try await client.withTransaction(logger: logger) { connection -> RefreshOutcome in
                let rows = try await connection.query(
                    """
                    SELECT refresh_token.family_id, refresh_token.expires_at, refresh_token.spent_at,
                           session_family.revoked_at, device.id, device.created_at
                    FROM refresh_token
                    JOIN session_family ON session_family.id = refresh_token.family_id
                    JOIN device ON device.id = session_family.device_id
                    WHERE refresh_token.token_hash = \(hash)
                    FOR UPDATE OF refresh_token, session_family
                    """, logger: logger)
                var found: (family: String, expiresAt: Int64, spent: Bool, device: DeviceRecord)?
                for try await (family, expiresAt, spentAt, revokedAt, id, createdAt) in rows.decode(
                    (String, Int64, Int64?, Int64?, String, Int64).self)
                {
                    found = (
                        family, expiresAt, spentAt != nil || revokedAt != nil,
                        DeviceRecord(id: id, createdAt: createdAt)
                    )
                }
                guard let found else { return .unknown }
                if found.spent {
                    try await Self.revoke(family: found.family, at: unixSeconds, connection, logger: logger)
                    return .reused(deviceID: found.device.id)
                }
                guard found.expiresAt > unixSeconds else { return .unknown }
                _ = try await Self.count(
                    connection.query(
                        "UPDATE refresh_token SET spent_at = \(unixSeconds) WHERE token_hash = \(hash)",
                        logger: logger))
                try await Self.insert(
                    next, family: found.family, deviceID: found.device.id, connection, logger: logger)
                return .rotated(found.device)
            }
        }
    }

    /// Revokes a family: marks it and all its refresh tokens, deletes its access tokens.
    static func revoke(family: String, at unixSeconds: Int64, _ connection: PostgresConnection, logger: Logger)
        async throws
    {
        _ = try await count(
            connection.query(
                "UPDATE session_family SET revoked_at = COALESCE(revoked_at, \(unixSeconds)) WHERE id = \(family)",
                logger: logger))
        _ = try await count(
            connection.query(
                """
                UPDATE refresh_token SET spent_at = COALESCE(spent_at, \(unixSeconds))
                WHERE family_id = \(family)
                """, logger: logger))
        _ = try await count(
            connection.query("DELETE FROM access_token WHERE family_id = \(family)", logger: logger))
    }

    /// Inserts a family and its first pair.
    static func insert(_ session: NewSession, _ connection: PostgresConnection, logger: Logger) async throws {
        _ = try await count(
            connection.query(
                """
                INSERT INTO session_family (id, device_id, created_at)
                VALUES (\(session.familyID), \(session.deviceID), \(session.createdAt))
                """, logger: logger))
        try await insert(
            session.tokens, family: session.familyID, deviceID: session.deviceID, connection, logger: logger)
    }

    /// Inserts a pair into a family.
    static func insert(
        _ tokens: SessionTokens, family: String, deviceID: String, _ connection: PostgresConnection,
        logger: Logger
    ) async throws {
        _ = try await count(
            connection.query(
                """
                INSERT INTO access_token (token_hash, device_id, expires_at, family_id)
                VALUES (\(tokens.accessHash), \(deviceID), \(tokens.accessExpiresAt), \(family))
                """, logger: logger))
        _ = try await count(
            connection.query(
                """
                INSERT INTO refresh_token (token_hash, family_id, expires_at)
                VALUES (\(tokens.refreshHash), \(family), \(tokens.refreshExpiresAt))
                """, logger: logger))
    }
}
