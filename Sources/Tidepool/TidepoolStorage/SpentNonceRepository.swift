import Foundation

/// The nonces of redeemed tokens, shared by every node: with one key per epoch for the cluster a
/// token verifies at any node, so "spent once" must hold across nodes (and across a node's
/// restart), not only in one process's memory. Holds epoch and nonce only (never a tile or an
/// identity), until the epoch ends.
public protocol SpentNonceRepository: Sendable {
    /// Records `nonce` as spent in `epoch` (insert-if-absent); true for exactly one caller across
    /// all nodes, false when it was spent before.
    func spendNonce(_ nonce: Data, epoch: Int64) async throws(ServerStoreError) -> Bool
    /// Forgets the spent nonces of every epoch before `epoch`.
    func discardSpentNonces(before epoch: Int64) async throws(ServerStoreError)
}
