import Foundation
import GRDB
import TidepoolStorage

extension SQLiteServerStore: IssuanceRepository {
    /// Records an issuance (insert-if-absent) and signs in the same write transaction; a failed
    /// signature rolls the insert back.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> Result<Data, Failure>? {
        do {
            return try await pool.writeWithoutTransaction { db -> Result<Data, Failure>? in
                var outcome: Result<Data, Failure>?
                try db.inTransaction {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO issuance (epoch, device_id) VALUES (?, ?)",
                        arguments: [epoch, device])
                    guard db.changesCount == 1 else { return .rollback }
                    let result = sign()
                    outcome = result
                    if case .failure = result { return .rollback }
                    return .commit
                }
                return outcome
            }
        } catch {
            throw ServerStoreError(.database("\(error)"), operation: "issuance.issueOnce")
        }
    }

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try write("issuance.discard") { db in
            try db.execute(sql: "DELETE FROM issuance WHERE epoch < ?", arguments: [epoch])
        }
    }
}
