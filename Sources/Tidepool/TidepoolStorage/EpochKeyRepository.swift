import Foundation

/// The cluster's blind-signing keys, one per epoch, shared by every node so that all devices
/// get the same key for an epoch (a key per device or per node would split or break the
/// anonymity set). Keys are made ahead (the coming day's epochs, for batch issuance) and
/// deleted once their epoch has ended: a private key kept after it is needed is a liability.
///
/// Holds private keys (DER) by epoch only: never a device, tile or token.
public protocol EpochKeyRepository: Sendable {
    /// Stores each offered key whose epoch has none yet (insert-if-absent: of two nodes offering
    /// a key for the same epoch, the first write wins) and returns the stored key of every
    /// offered epoch (the winner's where this node lost).
    func storeEpochKeys(_ offered: [Int64: Data]) async throws(ServerStoreError) -> [Int64: Data]
    /// The stored keys of the epochs in `range`.
    func epochKeys(in range: ClosedRange<Int64>) async throws(ServerStoreError) -> [Int64: Data]
    /// Deletes the keys of every epoch before `epoch`.
    func discardEpochKeys(before epoch: Int64) async throws(ServerStoreError)
}
