import Foundation
import TidepoolStorage
import TidepoolTokens

/// Why a cluster-wide issuance was refused.
public enum IssuanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token layer refused (wrong epoch, malformed message, already issued here or on
    /// another node, signing failed).
    case token(TokenError)
    /// The shared store failed; nothing was issued or recorded.
    case storage(ServerStoreError)
    /// The device already took the day's `cap` tokens (the daily contribution cap).
    case daySpent(day: Int64, cap: Int)

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .token(let error): error.description
        case .storage(let error): error.description
        case .daySpent(let day, let cap):
            "this device already took its \(cap) tokens of UTC day \(day); the next day's start at 00:00 UTC"
        }
    }
}

extension TidepoolEngine {
    /// Signs a blinded message for an authenticated device once per device per epoch, and at
    /// most ``HeatConfiguration/dailyEpochCap`` times per device per UTC day, across every node
    /// sharing the store: the store records the issuance (insert-if-absent) and the day's count
    /// and the signature is made in the same transaction and returned only after its commit. A
    /// device that took its token from another node gets ``TokenError/alreadyIssued(epoch:)``;
    /// one that took the day's tokens gets ``IssuanceError/daySpent(day:cap:)``.
    ///
    /// This node's own ledger is checked too (inside the signing), so a node without a shared
    /// store still refuses a second token.
    public func issueOnce(device: String, epoch: Int64, blindedMessage: Data) async throws(IssuanceError) -> Data {
        let outcome: IssuanceOutcome<TokenError>
        let limit = DailyIssuanceLimit(day: configuration.day(ofEpoch: epoch), cap: configuration.dailyEpochCap)
        try await prepareKeys(through: min(epoch, keyring.currentEpoch + keyAheadEpochs - 1))
        do {
            outcome = try await store.issueOnce(device: device, epoch: epoch, daily: limit) {
                do throws(TokenError) {
                    return .success(try self.issue(device: device, epoch: epoch, blindedMessage: blindedMessage))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .storage(error)
        }
        switch outcome {
        case .alreadyIssued: throw .token(.alreadyIssued(epoch: epoch))
        case .daySpent(let cap): throw .daySpent(day: limit.day, cap: cap)
        case .signed(.success(let signature)): return signature
        case .signed(.failure(let error)): throw .token(error)
        }
    }
}
