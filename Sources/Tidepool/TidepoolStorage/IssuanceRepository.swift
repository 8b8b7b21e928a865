import Foundation

/// Which device took its blind token in which epoch, and how many tokens each device took on
/// each UTC day, shared by every node of a cluster: issuance is once per device per epoch and at
/// most a daily cap per device per day across nodes, not merely per process.
///
/// Holds device ids against epochs, and device ids against days with a count, only (never a
/// tile, nonce or token), and only until the epoch or the day is over
/// (``discardIssuances(before:)``, ``discardDailyIssuances(before:)``).
public protocol IssuanceRepository: Sendable {
    /// Records that `device` took its token for `epoch` (and, with a `daily` limit, counts it
    /// against the device's tokens of that day) and releases the signature in the same
    /// transaction: `sign` runs only after the insert-if-absent succeeded and the day's count is
    /// within the cap; when `sign` fails, nothing is recorded (the device may ask again).
    /// - Returns: ``IssuanceOutcome/alreadyIssued`` when an issuance of `device` for `epoch` was
    ///   recorded before by any node, ``IssuanceOutcome/daySpent(cap:)`` when the device already
    ///   took `cap` tokens that day (`sign` is not called in either case); otherwise what `sign`
    ///   returned, recorded only on success.
    func issueOnce<Failure: Error>(
        device: String, epoch: Int64, daily: DailyIssuanceLimit?, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> IssuanceOutcome<Failure>
    /// Forgets the issuances of every epoch before `epoch`.
    func discardIssuances(before epoch: Int64) async throws(ServerStoreError)
    /// Forgets the daily token counts of every day before `day`.
    func discardDailyIssuances(before day: Int64) async throws(ServerStoreError)
}

/// The daily cap an issuance counts against: at most `cap` tokens per device on `day`.
public struct DailyIssuanceLimit: Sendable, Equatable {
    /// The UTC day (days since 1970-01-01) of the epoch being issued for.
    public var day: Int64
    /// The most tokens a device may take that day.
    public var cap: Int

    /// Creates a limit.
    public init(day: Int64, cap: Int) {
        self.day = day
        self.cap = cap
    }
}

/// What an issuance came to.
public enum IssuanceOutcome<Failure: Error>: Sendable {
    /// `sign` ran: its signature (recorded) or its failure (nothing recorded).
    case signed(Result<Data, Failure>)
    /// The device already took its token for this epoch (on any node).
    case alreadyIssued
    /// The device already took the day's `cap` tokens.
    case daySpent(cap: Int)
}

extension IssuanceOutcome: Equatable where Failure: Equatable {}

extension IssuanceRepository {
    /// Records an issuance once per device per epoch, with no daily cap.
    /// - Returns: nil when the device already took its token for `epoch`; otherwise what
    ///   `sign` returned.
    public func issueOnce<Failure: Error>(
        device: String, epoch: Int64, sign: @Sendable () -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> Result<Data, Failure>? {
        switch try await issueOnce(device: device, epoch: epoch, daily: nil, sign: sign) {
        case .signed(let result): result
        case .alreadyIssued, .daySpent: nil
        }
    }
}
