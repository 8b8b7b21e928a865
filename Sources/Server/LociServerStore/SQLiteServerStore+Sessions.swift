import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: SessionRepository {
    /// Registers a device with its secret hash and first family, in one transaction.
    public func createDevice(_ device: DeviceRecord, secretHash: Data, session: NewSession)
        async throws(ServerStoreError)
    {
        try write("sessions.createDevice") { db in
            try db.execute(
                sql: "INSERT INTO device (id, created_at, secret_hash) VALUES (?, ?, ?)",
                arguments: [device.id, device.createdAt, secretHash])
            try Self.insert(session, db)
        }
    }

    /// The device's secret hash.
    public func deviceSecretHash(deviceID: String) async throws(ServerStoreError) -> Data? {
        try read("sessions.secretHash") { db in
            try Data?.fetchOne(db, sql: "SELECT secret_hash FROM device WHERE id = ?", arguments: [deviceID])
                ?? nil
        }
    }

    /// Opens a family for an existing device.
    public func openSession(_ session: NewSession) async throws(ServerStoreError) {
        try write("sessions.open") { db in
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM device WHERE id = ?)", arguments: [session.deviceID])
                    == true
            else { throw ServerStoreError(.notFound("device \(session.deviceID)"), operation: "sessions.open") }
            try Self.insert(session, db)
        }
    }

    /// Spends a refresh token, or revokes its family on reuse.
    public func rotateRefreshToken(hash: Data, next: SessionTokens, at unixSeconds: Int64)
        async throws(ServerStoreError) -> RefreshOutcome
    {
        try write("sessions.rotate") { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT refresh_token.family_id, refresh_token.expires_at, refresh_token.spent_at,
                               session_family.revoked_at, device.id, device.created_at
                        FROM refresh_token
                        JOIN session_family ON session_family.id = refresh_token.family_id
                        JOIN device ON device.id = session_family.device_id
                        WHERE refresh_token.token_hash = ?
                        """, arguments: [hash])
            else { return .unknown }
            let family: String = row[0]
            let expiresAt: Int64 = row[1]
            let spentAt: Int64? = row[2]
            let revokedAt: Int64? = row[3]
            let device = DeviceRecord(id: row[4], createdAt: row[5])
            if spentAt != nil || revokedAt != nil {
                try db.execute(
                    sql: "UPDATE session_family SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?",
                    arguments: [unixSeconds, family])
                try db.execute(
                    sql: "UPDATE refresh_token SET spent_at = COALESCE(spent_at, ?) WHERE family_id = ?",
                    arguments: [unixSeconds, family])
                try db.execute(sql: "DELETE FROM access_token WHERE family_id = ?", arguments: [family])
                return .reused(deviceID: device.id)
            }
            guard expiresAt > unixSeconds else { return .unknown }
            try db.execute(
                sql: "UPDATE refresh_token SET spent_at = ? WHERE token_hash = ?", arguments: [unixSeconds, hash])
            try Self.insert(next, family: family, deviceID: device.id, db)
            return .rotated(device)
        }
    }

    /// Inserts a family and its first pair.
    static func insert(_ session: NewSession, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO session_family (id, device_id, created_at) VALUES (?, ?, ?)",
            arguments: [session.familyID, session.deviceID, session.createdAt])
        try insert(session.tokens, family: session.familyID, deviceID: session.deviceID, db)
    }

    /// Inserts a pair into a family.
    static func insert(_ tokens: SessionTokens, family: String, deviceID: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO access_token (token_hash, device_id, expires_at, family_id) VALUES (?, ?, ?, ?)",
            arguments: [tokens.accessHash, deviceID, tokens.accessExpiresAt, family])
        try db.execute(
            sql: "INSERT INTO refresh_token (token_hash, family_id, expires_at) VALUES (?, ?, ?)",
            arguments: [tokens.refreshHash, family, tokens.refreshExpiresAt])
    }
}
