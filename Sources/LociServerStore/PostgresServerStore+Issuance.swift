import Foundation
import PostgresNIO
import TidepoolStorage

extension PostgresServerStore: IssuanceRepository {
    /// Records an issuance (`INSERT … ON CONFLICT DO NOTHING`) and signs in the same
    /// transaction; the signature leaves only after the commit, and a failed one rolls the
    /// insert back. Two nodes asking for the same device and epoch at once: the second insert
    /// waits for the first transaction and then finds the row.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> Result<Data, Failure>? {
        try await run("issuance.issueOnce") { client in
            do {
                return try await client.withTransaction(logger: logger) { connection -> Result<Data, Failure>? in
                    let inserted = try await Self.count(
                        connection.query(
                            """
                            INSERT INTO issuance (epoch, device_id) VALUES (\(epoch), \(device))
                            ON CONFLICT DO NOTHING RETURNING epoch
                            """, logger: logger))
                    guard inserted == 1 else { return nil }
                    let result = sign()
                    if case .failure = result { throw DeclinedSignature(result: result) }
                    return result
                }
            } catch let declined as DeclinedSignature<Failure> {
                return declined.result
            } catch let error as PostgresTransactionError {
                if let declined = error.closureError as? DeclinedSignature<Failure> { return declined.result }
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
}

/// Carries a failed signature out of the issuance transaction, rolling it back.
private struct DeclinedSignature<Failure: Error>: Error {
    let result: Result<Data, Failure>
}
