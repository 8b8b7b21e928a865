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
    /// The unit already holds `cap` tokens for the epochs of a window of `windowEpochs`
    /// consecutive epochs (one day's worth) that contains `epoch`: the contribution cap.
    case daySpent(epoch: Int64, cap: Int, windowEpochs: Int64)

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .token(let error): error.description
        case .storage(let error): error.description
        case .daySpent(let epoch, let cap, let window):
            "this device already holds its \(cap) tokens for \(window) consecutive epochs (a day) that include epoch \(epoch)"
        }
    }
}

/// One blinded message of a batch: the epoch it is for and the bytes to sign.
public struct BlindTokenRequest: Sendable, Equatable {
    /// The epoch the token is for (current or coming, with a published key).
    public var epoch: Int64
    /// The blinded message.
    public var blindedMessage: Data

    /// Creates a request.
    public init(epoch: Int64, blindedMessage: Data) {
        self.epoch = epoch
        self.blindedMessage = blindedMessage
    }
}

extension TidepoolEngine {
    /// The contribution cap: at most ``HeatConfiguration/dailyEpochCap`` tokens per unit for the
    /// epochs of any day's worth of consecutive epochs (any 24 hours, not only a UTC day).
    public var issuanceWindow: IssuanceWindow {
        IssuanceWindow(epochs: max(1, 86_400 / configuration.epochSeconds), cap: configuration.dailyEpochCap)
    }

    /// Signs a blinded message for the current epoch for an authenticated unit (the device's App
    /// Attest key, else the device), once per unit per epoch and within ``issuanceWindow``
    /// across every node sharing the store: ``issueBatch(unit:requests:)`` of one, for the
    /// current epoch only.
    public func issueOnce(device: String, epoch: Int64, blindedMessage: Data) async throws(IssuanceError) -> Data {
        let current = keyring.currentEpoch
        guard epoch == current else { throw .token(.wrongEpoch(epoch: epoch, current: current)) }
        let signatures = try await issueBatch(
            unit: device, requests: [BlindTokenRequest(epoch: epoch, blindedMessage: blindedMessage)])
        return signatures[0]
    }

    /// Signs a batch of blinded messages for the current and coming epochs (each with a
    /// published key) for one unit, all or nothing, in one transaction of the shared store: each
    /// `(unit, epoch)` row is inserted if absent, no window of ``issuanceWindow``'s epochs may hold
    /// more than its cap of the unit's tokens, and the signatures are made in the same
    /// transaction and returned after its commit (in the order asked).
    /// - Throws: ``IssuanceError/token(_:)`` with ``TokenError/alreadyIssued(epoch:)`` for an
    ///   epoch the unit already took (or asked twice), ``TokenError/wrongEpoch(epoch:current:)``
    ///   for an epoch past or without a published key, ``TokenError/malformed(field:reason:)``
    ///   for an empty batch, one larger than the cap, or a bad message;
    ///   ``IssuanceError/daySpent(epoch:cap:windowEpochs:)`` past the cap;
    ///   ``IssuanceError/storage(_:)``.
    public func issueBatch(unit: String, requests: [BlindTokenRequest]) async throws(IssuanceError) -> [Data] {
        let window = issuanceWindow
        guard !requests.isEmpty, requests.count <= window.cap else {
            throw .token(.malformed(field: "tokens", reason: "\(requests.count) requests; 1 to \(window.cap) allowed"))
        }
        let current = keyring.currentEpoch
        let last = current + keyAheadEpochs - 1
        for request in requests where request.epoch < current || request.epoch > last {
            throw .token(.wrongEpoch(epoch: request.epoch, current: current))
        }
        try await prepareKeys(through: requests.map(\.epoch).max() ?? current)
        var seen = Set<Int64>()
        for request in requests where !seen.insert(request.epoch).inserted {
            throw .token(.alreadyIssued(epoch: request.epoch))
        }
        let messages = Dictionary(requests.map { ($0.epoch, $0.blindedMessage) }, uniquingKeysWith: { first, _ in first })
        let outcome: BatchIssuanceOutcome<TokenError>
        do {
            outcome = try await store.issueBatch(device: unit, epochs: requests.map(\.epoch), window: window) { epoch in
                do throws(TokenError) {
                    return .success(try self.issuer.sign(epoch: epoch, blindedMessage: messages[epoch] ?? Data()))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .storage(error)
        }
        switch outcome {
        case .signed(let signatures): return signatures
        case .alreadyIssued(let epoch): throw .token(.alreadyIssued(epoch: epoch))
        case .capReached(let epoch, let cap): throw .daySpent(epoch: epoch, cap: cap, windowEpochs: window.epochs)
        case .failed(_, let error): throw .token(error)
        }
    }
}
