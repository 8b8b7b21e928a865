import Foundation

/// Which device took its blind token in which epoch, shared by every node of a cluster, so
/// issuance is once per device per epoch across nodes and not merely per process.
///
/// Holds device ids against epochs only (never a tile, nonce or token), and only until the
/// epoch is over (``discardIssuances(before:)``).
public protocol IssuanceRepository: Sendable {
    /// Records that `device` took its token for `epoch` and releases the signature in the same
    /// transaction: `sign` runs only after the insert-if-absent succeeded, and when it fails
    /// the insert is rolled back (the device may ask again).
    /// - Returns: nil when an issuance of `device` for `epoch` was recorded before, by any node
    ///   (`sign` is not called); otherwise what `sign` returned, recorded only on success.
    func issueOnce<Failure: Error>(
        device: String, epoch: Int64, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> Result<Data, Failure>?
    /// Forgets the issuances of every epoch before `epoch`.
    func discardIssuances(before epoch: Int64) async throws(ServerStoreError)
}
