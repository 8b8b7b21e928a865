import Foundation
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: ChallengeRepository {
    /// Keeps a challenge's hash, dropping expired ones first.
    public func storeChallenge(hash: Data, expiresAt: Int64, at unixSeconds: Int64) async throws(ServerStoreError) {
        try await run("challenges.store") { client in
            try await Self.execute(
                client, "DELETE FROM registration_challenge WHERE expires_at <= \(unixSeconds)", logger: logger)
            try await Self.execute(
                client,
                "INSERT INTO registration_challenge (challenge_hash, expires_at) VALUES (\(hash), \(expiresAt))",
                logger: logger)
        }
    }

    /// Deletes the challenge (`DELETE … RETURNING`, so of two nodes only one gets the row); true
    /// when it was there and unexpired.
    public func spendChallenge(hash: Data, at unixSeconds: Int64) async throws(ServerStoreError) -> Bool {
        try await run("challenges.spend") { client in
            let rows = try await client.query(
                "DELETE FROM registration_challenge WHERE challenge_hash = \(hash) RETURNING expires_at",
                logger: logger)
            var unexpired = false
            for try await expiresAt in rows.decode(Int64.self) { unexpired = expiresAt > unixSeconds }
            return unexpired
        }
    }
}
