import Foundation
import PostgresNIO
import ServerRepositories
import TidepoolStorage

extension PostgresServerStore: EpochKeyRepository {
    /// Inserts the offered keys of epochs without one (`ON CONFLICT DO NOTHING`: of two nodes the
    /// first commit wins, the second insert waits for it and then finds the row) and reads back
    /// every offered epoch's stored key.
    public func storeEpochKeys(_ offered: [Int64: Data]) async throws(ServerStoreError) -> [Int64: Data] {
        guard !offered.isEmpty else { return [:] }
        return try await run("epochKeys.store") { client in
            for (epoch, key) in offered.sorted(by: { $0.key < $1.key }) {
                try await Self.execute(
                    client,
                    "INSERT INTO epoch_key (epoch, private_key) VALUES (\(epoch), \(key)) ON CONFLICT DO NOTHING",
                    logger: logger)
            }
            let epochs = offered.keys.sorted()
            var stored: [Int64: Data] = [:]
            let rows = try await client.query(
                "SELECT epoch, private_key FROM epoch_key WHERE epoch BETWEEN \(epochs[0]) AND \(epochs[epochs.count - 1])",
                logger: logger)
            for try await (epoch, key) in rows.decode((Int64, Data).self) where offered[epoch] != nil {
                stored[epoch] = key
            }
            return stored
        }
    }

    /// The stored keys of the epochs in `range`.
    public func epochKeys(in range: ClosedRange<Int64>) async throws(ServerStoreError) -> [Int64: Data] {
        try await run("epochKeys.read") { client in
            var keys: [Int64: Data] = [:]
            let rows = try await client.query(
                "SELECT epoch, private_key FROM epoch_key WHERE epoch BETWEEN \(range.lowerBound) AND \(range.upperBound)",
                logger: logger)
            for try await (epoch, key) in rows.decode((Int64, Data).self) { keys[epoch] = key }
            return keys
        }
    }

    /// Deletes the keys of epochs before `epoch`.
    public func discardEpochKeys(before epoch: Int64) async throws(ServerStoreError) {
        try await run("epochKeys.discard") { client in
            try await Self.execute(client, "DELETE FROM epoch_key WHERE epoch < \(epoch)", logger: logger)
        }
    }
}
