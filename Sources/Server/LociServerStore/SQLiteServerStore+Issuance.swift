import Foundation
import GRDB
import ServerRepositories
import TidepoolStorage

extension SQLiteServerStore: IssuanceRepository {
    /// Records a batch of issuances (insert-if-absent), checks the unit's windows and signs, all in
    /// one write transaction (SQLite runs one writer at a time, so no other issuance of the unit
    /// interleaves); a refusal or a failed signature rolls everything back.
    public func issueBatch<Failure: Error>(
        device: String, epochs: [Int64], window: IssuanceWindow?, sign: @Sendable (Int64) -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> BatchIssuanceOutcome<Failure> {
        guard !epochs.isEmpty else { return .signed([]) }
        do {
            return try await pool.writeWithoutTransaction { db -> BatchIssuanceOutcome<Failure> in
                var outcome: BatchIssuanceOutcome<Failure> = .signed([])
                try db.inTransaction {
                    for epoch in epochs {
                        try db.execute(
                            sql: "INSERT OR IGNORE INTO issuance (epoch, device_id) VALUES (?, ?)",
                            arguments: [epoch, device])
                        guard db.changesCount == 1 else {
                            outcome = .alreadyIssued(epoch: epoch)
                            return .rollback
                        }
                    }
                    if let window {
                        let low = (epochs.min() ?? 0) - window.epochs + 1
                        let high = (epochs.max() ?? 0) + window.epochs - 1
                        let held = try Int64.fetchAll(
                            db, sql: "SELECT epoch FROM issuance WHERE device_id = ? AND epoch BETWEEN ? AND ?",
                            arguments: [device, low, high])
                        if let refused = window.firstRefused(epochs, holding: held) {
                            outcome = .capReached(epoch: refused, cap: window.cap)
                            return .rollback
                        }
                    }
                    var signatures: [Data] = []
                    for epoch in epochs {
                        switch sign(epoch) {
                        case .success(let signature): signatures.append(signature)
                        case .failure(let failure):
                            outcome = .failed(epoch: epoch, failure)
                            return .rollback
                        }
                    }
                    outcome = .signed(signatures)
                    return .commit
                }
                return outcome
            }
        } catch {
            throw StoreFailure.unavailable(operation: "issuance.issueBatch", detail: "\(error)")
        }
    }

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try write("issuance.discard") { db in
            try db.execute(sql: "DELETE FROM issuance WHERE epoch < ?", arguments: [epoch])
        }
    }
}
