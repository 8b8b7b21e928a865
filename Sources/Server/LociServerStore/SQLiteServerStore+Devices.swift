import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: DeviceRepository {
    /// Registers a device.
    public func createDevice(_ device: DeviceRecord) async throws(ServerStoreError) {
        try write("devices.create") { db in
            try db.execute(
                sql: "INSERT INTO device (id, created_at) VALUES (?, ?)",
                arguments: [device.id, device.createdAt])
        }
    }

    /// Stores an access token hash.
    public func storeAccessToken(hash: Data, deviceID: String, expiresAt: Int64)
        async throws(ServerStoreError)
    {
        try write("devices.storeAccessToken") { db in
            try db.execute(
                sql: "INSERT INTO access_token (token_hash, device_id, expires_at) VALUES (?, ?, ?)",
                arguments: [hash, deviceID, expiresAt])
        }
    }

    /// The device of an unexpired token.
    public func device(forTokenHash hash: Data, at unixSeconds: Int64) async throws(ServerStoreError)
        -> DeviceRecord?
    {
        try read("devices.forToken") { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT device.id, device.created_at FROM access_token
                        JOIN device ON device.id = access_token.device_id
                        WHERE token_hash = ? AND expires_at > ?
                        """, arguments: [hash, unixSeconds])
            else { return nil }
            return DeviceRecord(id: row[0], createdAt: row[1])
        }
    }

    /// Deletes a device and (by cascade) its tokens, profile and favourites.
    public func deleteDevice(id: String) async throws(ServerStoreError) {
        try write("devices.delete") { db in
            try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else {
                throw ServerStoreError(.notFound("device \(id)"), operation: "devices.delete")
            }
        }
    }

    /// Forgets expired access and refresh tokens, and families left without a refresh token.
    public func discardExpiredTokens(at unixSeconds: Int64) async throws(ServerStoreError) {
        try write("devices.discardExpiredTokens") { db in
            try db.execute(sql: "DELETE FROM access_token WHERE expires_at <= ?", arguments: [unixSeconds])
            try db.execute(sql: "DELETE FROM refresh_token WHERE expires_at <= ?", arguments: [unixSeconds])
            try db.execute(
                sql: """
                    DELETE FROM session_family WHERE NOT EXISTS (
                        SELECT 1 FROM refresh_token WHERE refresh_token.family_id = session_family.id)
                    """)
        }
    }
}

extension SQLiteServerStore: ProfileRepository {
    /// Creates or replaces a profile.
    public func saveProfile(_ profile: ProfileRecord) async throws(ServerStoreError) {
        let body = try Self.body(of: profile, operation: "profiles.save")
        try write("profiles.save") { db in try Self.saveProfile(deviceID: profile.deviceID, body: body, db) }
    }

    /// The stored form of a profile (JSON text).
    static func body(of profile: ProfileRecord, operation: String) throws(ServerStoreError) -> String {
        do { return String(decoding: try JSONEncoder().encode(profile), as: UTF8.self) } catch {
            throw StoreFailure.logged(
                .invalidArgument("the profile cannot be stored (a number that is not finite)"), operation: operation,
                detail: "\(error)")
        }
    }

    /// Creates or replaces a profile's row inside the caller's transaction.
    static func saveProfile(deviceID: String, body: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO profile (device_id, body) VALUES (?, ?)", arguments: [deviceID, body])
    }

    /// The device's profile.
    public func profile(deviceID: String) async throws(ServerStoreError) -> ProfileRecord? {
        let text = try read("profiles.get") { db in
            try String.fetchOne(
                db, sql: "SELECT body FROM profile WHERE device_id = ?", arguments: [deviceID])
        }
        guard let text else { return nil }
        do { return try JSONDecoder().decode(ProfileRecord.self, from: Data(text.utf8)) } catch {
            throw StoreFailure.logged(
                .corruptRow("the stored profile of \(deviceID) cannot be read"), operation: "profiles.get",
                detail: "\(error)")
        }
    }
}
