import Foundation
import PostgresNIO
import ServerRepositories
import TidepoolStorage

extension PostgresServerStore: IssuanceRepository {
    /// Records an issuance (`INSERT … ON CONFLICT DO NOTHING`), counts it against the device's
    /// day and signs in the same transaction; the signature leaves only after the commit, and a
    /// refusal or a failed signature rolls everything back. Two nodes asking for the same device
    /// and epoch at once: the second insert waits for the first transaction and then finds the
    /// row. Two nodes issuing the same device's last token of the day for different epochs at
    /// once: the day's row is locked (`FOR UPDATE` on the upsert), so the second sees the count.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, daily limit: DailyIssuanceLimit?, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> IssuanceOutcome<Failure> {
        try await run("issuance.issueOnce") { client in
            do {
                return try await client.withTransaction(logger: logger) { connection -> IssuanceOutcome<Failure> in
                    let inserted = try await Self.count(
                        connection.query(
                            """
                            INSERT INTO issuance (epoch, device_id) VALUES (\(epoch), \(device))
                            ON CONFLICT DO NOTHING RETURNING epoch
                            """, logger: logger))
                    guard inserted == 1 else { return .alreadyIssued }
                    if let limit {
                        // The upsert takes the row lock; the count it returns includes this token.
                        var taken = 0
                        for try await count in try await connection.query(
                            """
                            INSERT INTO daily_issuance (day, device_id, count) VALUES (\(limit.day), \(device), 1)
                            ON CONFLICT (day, device_id) DO UPDATE SET count = daily_issuance.count + 1
                            RETURNING count
                            """, logger: logger
                        ).decode(Int64.self) {
                            taken = Int(count)
                        }
                        if taken > limit.cap { throw DeclinedIssuance<Failure>(outcome: .daySpent(cap: limit.cap)) }
                    }
                    let result = sign()
                    if case .failure = result { throw DeclinedIssuance(outcome: .signed(result)) }
                    return .signed(result)
                }
            } catch let declined as DeclinedIssuance<Failure> {
                return declined.outcome
            } catch let error as PostgresTransactionError {
                if let declined = error.closureError as? DeclinedIssuance<Failure> { return declined.outcome }
                throw error
            }
        }
    }

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try await run("issuance.discard") { client in
            try await Self.execute(client, "DELETE FROM issuance WHERE epoch < \(epoch)", logger: logger)
        }
    }

    /// Forgets the daily token counts of days before `day`.
    public func discardDailyIssuances(before day: Int64) async throws(ServerStoreError) {
        try await run("dailyIssuance.discard") { client in
            try await Self.execute(client, "DELETE FROM daily_issuance WHERE day < \(day)", logger: logger)
        }
    }
}

/// Carries a refusal or a failed signature out of the issuance transaction, rolling it back.
private struct DeclinedIssuance<Failure: Error>: Error {
    let outcome: IssuanceOutcome<Failure>
}
