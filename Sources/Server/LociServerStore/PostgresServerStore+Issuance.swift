import Foundation
import PostgresNIO
import ServerRepositories
import TidepoolStorage

extension PostgresServerStore: IssuanceRepository {
    /// Records a batch of issuances (`INSERT … ON CONFLICT DO NOTHING`), checks the unit's windows
    /// and signs in one transaction; the signatures leave only after the commit, and a refusal or a
    /// failed signature rolls everything back. The transaction first takes an advisory lock on the
    /// unit, so two nodes issuing to one unit at once (for different epochs) run one after the
    /// other and the second sees the first's rows.
    public func issueBatch<Failure: Error>(
        device: String, epochs: [Int64], window: IssuanceWindow?, sign: @Sendable (Int64) -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> BatchIssuanceOutcome<Failure> {
        guard !epochs.isEmpty else { return .signed([]) }
        return try await run("issuance.issueBatch") { client in
            do {
                return try await client.withTransaction(logger: logger) { connection -> BatchIssuanceOutcome<Failure> in
                    try await connection.query(
                        "SELECT pg_advisory_xact_lock(\(Self.issuanceLockClass), hashtext(\(device)))", logger: logger)
                    for epoch in epochs {
                        let inserted = try await Self.count(
                            connection.query(
                                """
                                INSERT INTO issuance (epoch, device_id) VALUES (\(epoch), \(device))
                                ON CONFLICT DO NOTHING RETURNING epoch
                                """, logger: logger))
                        guard inserted == 1 else {
                            throw DeclinedIssuance<Failure>(outcome: .alreadyIssued(epoch: epoch))
                        }
                    }
                    if let window {
                        let low = (epochs.min() ?? 0) - window.epochs + 1
                        let high = (epochs.max() ?? 0) + window.epochs - 1
                        var held: [Int64] = []
                        for try await epoch in try await connection.query(
                            "SELECT epoch FROM issuance WHERE device_id = \(device) AND epoch BETWEEN \(low) AND \(high)",
                            logger: logger
                        ).decode(Int64.self) {
                            held.append(epoch)
                        }
                        if let refused = window.firstRefused(epochs, holding: held) {
                            throw DeclinedIssuance<Failure>(outcome: .capReached(epoch: refused, cap: window.cap))
                        }
                    }
                    var signatures: [Data] = []
                    for epoch in epochs {
                        switch sign(epoch) {
                        case .success(let signature): signatures.append(signature)
                        case .failure(let failure):
                            throw DeclinedIssuance<Failure>(outcome: .failed(epoch: epoch, failure))
                        }
                    }
                    return .signed(signatures)
                }
            } catch let declined as DeclinedIssuance<Failure> {
                return declined.outcome
            } catch let error as PostgresTransactionError {
                if let declined = error.closureError as? DeclinedIssuance<Failure> { return declined.outcome }
                throw error
            }
        }
    }

    /// The first key of the issuance advisory locks ("toks" in ASCII); the second is the unit's
    /// `hashtext`.
    static let issuanceLockClass: Int32 = 0x746F_6B73

    /// Forgets the issuances of epochs before `epoch`.
    public func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try await run("issuance.discard") { client in
            try await Self.execute(client, "DELETE FROM issuance WHERE epoch < \(epoch)", logger: logger)
        }
    }
}

/// Carries a refusal or a failed signature out of the issuance transaction, rolling it back.
private struct DeclinedIssuance<Failure: Error>: Error {
    let outcome: BatchIssuanceOutcome<Failure>
}
