import Foundation
import PostgresNIO
import ServerRepositories
import TidepoolStorage

extension PostgresServerStore: SpentNonceRepository {
    /// Inserts the nonce if absent (`ON CONFLICT DO NOTHING RETURNING`); true when this call
    /// inserted it (of two nodes at once, the second waits for the first and finds the row).
    public func spendNonce(_ nonce: Data, epoch: Int64) async throws(ServerStoreError) -> Bool {
        try await run("spentNonces.spend") { client in
            try await Self.count(
                client.query(
                    "INSERT INTO spent_nonce (epoch, nonce) VALUES (\(epoch), \(nonce)) ON CONFLICT DO NOTHING RETURNING epoch",
                    logger: logger)) == 1
        }
    }

    /// Forgets the spent nonces of epochs before `epoch`.
    public func discardSpentNonces(before epoch: Int64) async throws(ServerStoreError) {
        try await run("spentNonces.discard") { client in
            try await Self.execute(client, "DELETE FROM spent_nonce WHERE epoch < \(epoch)", logger: logger)
        }
    }
}
