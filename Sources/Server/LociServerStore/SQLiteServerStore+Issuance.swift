import Foundation
import GRDB
import ServerRepositories
import TidepoolStorage

extension SQLiteServerStore: IssuanceRepository {
    /// Records an issuance (insert-if-absent), counts it against the device's day (refusing
    /// past the cap) and signs, all in one write transaction; a refusal or a failed signature
    /// rolls everything back.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, daily limit: DailyIssuanceLimit?, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> IssuanceOutcome<Failure> {
        do {
            return try await pool.writeWithoutTransaction { db -> IssuanceOutcome<Failure> in
                var outcome: IssuanceOutcome<Failure> = .alreadyIssued
                try db.inTransaction {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO issuance (epoch, device_id) VALUES (?, ?)",
                        arguments: [epoch, device])
                    guard db.changesCount == 1 else { return .rollback }
                    if let limit {
                        let taken =
                            try Int.fetchOne(
                                db, sql: "SELECT count FROM daily_issuance WHERE day = ? AND device_id = ?",
                                arguments: [limit.day, device]) ?? 0
                        guard taken < limit.cap else {
                            outcome = .daySpent(cap: limit.cap)
                            return .rollback
                        }
                        try db.execute(
                            sql: """
                                INSERT INTO daily_issuance (day, device_id, count) VALUES (?, ?, 1)
                                ON CONFLICT (day, device_id) DO UPDATE SET count = count + 1
                                """,
                            arguments: [limit.day, device])
                    }
                    let result = sign()
                    outcome = .signed(result)
                    if case .failure = result { return .rollback }
                    return .commit
                }
                return outcome
            }
        } catch {
            throw StoreFailure.unavailable(operation: "issuance.issueOnce", detail: "\(error)")
        }
    }

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try write("issuance.discard") { db in
            try db.execute(sql: "DELETE FROM issuance WHERE epoch < ?", arguments: [epoch])
        }
    }

    /// Forgets the daily token counts of days before `day`.
    public func discardDailyIssuances(before day: Int64) async throws(ServerStoreError) {
        try write("dailyIssuance.discard") { db in
            try db.execute(sql: "DELETE FROM daily_issuance WHERE day < ?", arguments: [day])
        }
    }
}
