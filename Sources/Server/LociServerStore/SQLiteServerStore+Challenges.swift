import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: ChallengeRepository {
    /// Keeps a challenge's hash, dropping expired ones in the same transaction.
    public func storeChallenge(hash: Data, expiresAt: Int64, at unixSeconds: Int64) async throws(ServerStoreError) {
        try write("challenges.store") { db in
            try db.execute(sql: "DELETE FROM registration_challenge WHERE expires_at <= ?", arguments: [unixSeconds])
            try db.execute(
                sql: "INSERT INTO registration_challenge (challenge_hash, expires_at) VALUES (?, ?)",
                arguments: [hash, expiresAt])
        }
    }

    /// Deletes the challenge; true when it was there and unexpired.
    public func spendChallenge(hash: Data, at unixSeconds: Int64) async throws(ServerStoreError) -> Bool {
        try write("challenges.spend") { db in
            let expiresAt = try Int64.fetchOne(
                db, sql: "DELETE FROM registration_challenge WHERE challenge_hash = ? RETURNING expires_at",
                arguments: [hash])
            return expiresAt.map { $0 > unixSeconds } ?? false
        }
    }
}
