import Foundation

/// Which unit (an App Attest key, else a device) took a blind token for which epoch, shared by
/// every node of a cluster: a unit gets one token per epoch and at most a cap of tokens over any
/// window of consecutive epochs (``IssuanceWindow``, a day's worth) across nodes, not merely per
/// process.
///
/// Holds unit ids against epochs only (never a tile, nonce or token), and only while a window
/// that can still take tokens may need them (``discardIssuances(before:)``).
public protocol IssuanceRepository: Sendable {
    /// Records that `device` (the budget unit) took its tokens for `epochs` and releases their
    /// signatures, all in one transaction: every row is inserted if absent, the unit's windows
    /// containing any of the epochs are checked against `window`'s cap, and only then does `sign`
    /// run for each epoch (in order). Any refusal or failed signature records nothing.
    /// - Returns: ``BatchIssuanceOutcome/alreadyIssued(epoch:)`` when the unit already took a
    ///   token for one of the epochs (or `epochs` repeats one), ``BatchIssuanceOutcome/capReached(epoch:cap:)``
    ///   when one of them would put more than the cap in a window; otherwise the signatures, or
    ///   the first failure of `sign`.
    func issueBatch<Failure: Error>(
        device: String, epochs: [Int64], window: IssuanceWindow?, sign: @Sendable (Int64) -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> BatchIssuanceOutcome<Failure>
    /// Forgets the issuances of every epoch before `epoch`.
    func discardIssuances(before epoch: Int64) async throws(ServerStoreError)
}

/// What a batch issuance came to.
public enum BatchIssuanceOutcome<Failure: Error>: Sendable {
    /// Every epoch signed and recorded: the signatures in the order asked.
    case signed([Data])
    /// `sign` failed for `epoch`; nothing was recorded.
    case failed(epoch: Int64, Failure)
    /// The unit already took its token for `epoch` (on any node); nothing was recorded.
    case alreadyIssued(epoch: Int64)
    /// A token for `epoch` would put more than `cap` in a window; nothing was recorded.
    case capReached(epoch: Int64, cap: Int)
}

extension BatchIssuanceOutcome: Equatable where Failure: Equatable {}

/// What a single issuance came to.
public enum IssuanceOutcome<Failure: Error>: Sendable {
    /// `sign` ran: its signature (recorded) or its failure (nothing recorded).
    case signed(Result<Data, Failure>)
    /// The unit already took its token for this epoch (on any node).
    case alreadyIssued
    /// The unit already holds `cap` tokens in a window containing the epoch.
    case daySpent(cap: Int)
}

extension IssuanceOutcome: Equatable where Failure: Equatable {}

extension IssuanceRepository {
    /// One epoch's issuance: ``issueBatch(device:epochs:window:sign:)`` of one.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, window: IssuanceWindow?, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> IssuanceOutcome<Failure> {
        switch try await issueBatch(device: device, epochs: [epoch], window: window, sign: { _ in sign() }) {
        case .signed(let signatures): .signed(.success(signatures.first ?? Data()))
        case .failed(_, let failure): .signed(.failure(failure))
        case .alreadyIssued: .alreadyIssued
        case .capReached(_, let cap): .daySpent(cap: cap)
        }
    }

    /// Records an issuance once per device per epoch, with no cap.
    /// - Returns: nil when the device already took its token for `epoch`; otherwise what
    ///   `sign` returned.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> Result<Data, Failure>? {
        switch try await issueOnce(device: device, epoch: epoch, window: nil, sign: sign) {
        case .signed(let result): result
        case .alreadyIssued, .daySpent: nil
        }
    }
}

extension IssuanceWindow {
    /// The first of `batch` whose token, with the unit holding tokens for `held` (which may
    /// include the batch's own epochs), would put more than the cap in some window; nil when
    /// every window stays within it.
    public func firstRefused(_ batch: [Int64], holding held: [Int64]) -> Int64? {
        let all = Set(held).union(batch)
        for epoch in batch.sorted() where !admits(epoch, holding: all) { return epoch }
        return nil
    }
}
