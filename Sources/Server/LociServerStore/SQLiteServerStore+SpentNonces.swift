import Foundation
import GRDB
import ServerRepositories
import TidepoolStorage

extension SQLiteServerStore: SpentNonceRepository {
    /// Inserts the nonce if absent; true when this call inserted it.
    public func spendNonce(_ nonce: Data, epoch: Int64) async throws(ServerStoreError) -> Bool {
        try write("spentNonces.spend") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO spent_nonce (epoch, nonce) VALUES (?, ?)", arguments: [epoch, nonce])
            return db.changesCount == 1
        }
    }

    /// Forgets the spent nonces of epochs before `epoch`.
    public func discardSpentNonces(before epoch: Int64) async throws(ServerStoreError) {
        try write("spentNonces.discard") { db in
            try db.execute(sql: "DELETE FROM spent_nonce WHERE epoch < ?", arguments: [epoch])
        }
    }
}
