import Foundation
import LockedState

/// The epoch's redeemed nonces, so a token is counted once. A database-backed store can
/// replace the in-memory one; `insert` must be atomic (insert-if-absent).
public protocol SpentNonceStore: Sendable {
    /// Records `nonce` as spent in `epoch`; `false` when it already was.
    func insert(nonce: Data, epoch: Int64) -> Bool
    /// Forgets every epoch before `epoch`.
    func discard(before epoch: Int64)
}

/// Which devices received their token for which epoch (issuance is authenticated, so this is
/// the only place a device identity appears; it never meets a redemption).
public protocol IssuanceLedger: Sendable {
    /// Whether `device` already received a token for `epoch`.
    func hasIssued(device: String, epoch: Int64) -> Bool
    /// Records an issuance; `false` when one was already recorded (insert-if-absent).
    func record(device: String, epoch: Int64) -> Bool
    /// Forgets every epoch before `epoch`.
    func discard(before epoch: Int64)
}

/// A ``SpentNonceStore`` in memory, safe to share between threads.
public final class InMemorySpentNonceStore: SpentNonceStore, Sendable {
    private let spent = Locked<[Int64: Set<Data>]>([:])

    /// An empty store.
    public init() {}

    /// Records `nonce` as spent in `epoch`; `false` when it already was.
    public func insert(nonce: Data, epoch: Int64) -> Bool {
        spent.withLock { $0[epoch, default: []].insert(nonce).inserted }
    }

    /// Forgets every epoch before `epoch`.
    public func discard(before epoch: Int64) {
        spent.withLock { spent in spent = spent.filter { $0.key >= epoch } }
    }
}

/// An ``IssuanceLedger`` in memory, safe to share between threads.
public final class InMemoryIssuanceLedger: IssuanceLedger, Sendable {
    private let issued = Locked<[Int64: Set<String>]>([:])

    /// An empty ledger.
    public init() {}

    /// Whether `device` already received a token for `epoch`.
    public func hasIssued(device: String, epoch: Int64) -> Bool {
        issued.withLock { $0[epoch]?.contains(device) ?? false }
    }

    /// Records an issuance; `false` when one was already recorded.
    public func record(device: String, epoch: Int64) -> Bool {
        issued.withLock { $0[epoch, default: []].insert(device).inserted }
    }

    /// Forgets every epoch before `epoch`.
    public func discard(before epoch: Int64) {
        issued.withLock { issued in issued = issued.filter { $0.key >= epoch } }
    }
}
