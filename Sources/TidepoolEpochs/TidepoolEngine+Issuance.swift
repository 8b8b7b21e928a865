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

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .token(let error): error.description
        case .storage(let error): error.description
        }
    }
}

extension TidepoolEngine {
    /// Signs a blinded message for an authenticated device once per device per epoch across
    /// every node sharing the store: the store records the issuance (insert-if-absent) and the
    /// signature is made in the same transaction and returned only after its commit. A device
    /// that took its token from another node gets ``TokenError/alreadyIssued(epoch:)``.
    ///
    /// This node's own ledger is checked too (inside the signing), so a node without a shared
    /// store still refuses a second token.
    public func issueOnce(device: String, epoch: Int64, blindedMessage: Data) async throws(IssuanceError) -> Data {
        let outcome: Result<Data, TokenError>?
        do {
            outcome = try await store.issueOnce(device: device, epoch: epoch) {
                do throws(TokenError) {
                    return .success(try self.issue(device: device, epoch: epoch, blindedMessage: blindedMessage))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .storage(error)
        }
        guard let outcome else { throw .token(.alreadyIssued(epoch: epoch)) }
        switch outcome {
        case .success(let signature): return signature
        case .failure(let error): throw .token(error)
        }
    }
}
