import Foundation
import GRDB
import ServerRepositories
import TidepoolStorage

extension SQLiteServerStore: EpochKeyRepository {
    /// Inserts the offered keys of epochs without one (`INSERT OR IGNORE`) and reads back every
    /// offered epoch's stored key, in one write transaction.
    public func storeEpochKeys(_ offered: [Int64: Data]) async throws(ServerStoreError) -> [Int64: Data] {
        try write("epochKeys.store") { db in
            var stored: [Int64: Data] = [:]
            for (epoch, key) in offered.sorted(by: { $0.key < $1.key }) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO epoch_key (epoch, private_key) VALUES (?, ?)", arguments: [epoch, key])
                stored[epoch] = try Data.fetchOne(
                    db, sql: "SELECT private_key FROM epoch_key WHERE epoch = ?", arguments: [epoch])
            }
            return stored
        }
    }

    /// The stored keys of the epochs in `range`.
    public func epochKeys(in range: ClosedRange<Int64>) async throws(ServerStoreError) -> [Int64: Data] {
        try read("epochKeys.read") { db in
            var keys: [Int64: Data] = [:]
            let rows = try Row.fetchAll(
                db, sql: "SELECT epoch, private_key FROM epoch_key WHERE epoch BETWEEN ? AND ?",
                arguments: [range.lowerBound, range.upperBound])
            for row in rows {
                let epoch: Int64 = row["epoch"]
                let key: Data = row["private_key"]
                keys[epoch] = key
            }
            return keys
        }
    }

    /// Deletes the keys of epochs before `epoch`.
    public func discardEpochKeys(before epoch: Int64) async throws(ServerStoreError) {
        try write("epochKeys.discard") { db in
            try db.execute(sql: "DELETE FROM epoch_key WHERE epoch < ?", arguments: [epoch])
        }
    }
}
