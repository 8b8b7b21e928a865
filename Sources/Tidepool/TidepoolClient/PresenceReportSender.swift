import Foundation
import GeoKit
import TidepoolTokens

/// Where the token for a report comes from.
///
/// ``OnDemandPresenceTokens`` asks for it when a report is due: the simulator's driver and the
/// contract use it. The app does not: its `ReportingModel` takes a day's tokens in one batch
/// (``TidepoolPresenceAPI/presenceTokens(for:)``) at a moment unrelated to its reports, since a
/// token asked for just before a report lets whoever reads the logs join the two by time.
public protocol PresenceTokenSource: Sendable {
    /// A token for `epoch`.
    /// - Throws: the issuance refusals (``TidepoolClientError/alreadyIssued(message:)``,
    ///   ``TidepoolClientError/daySpent(message:)``) and the transport's failures.
    func token(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken
}

/// Tokens asked of the server when a report is due: one blind issuance per report.
public struct OnDemandPresenceTokens: PresenceTokenSource {
    /// The server the tokens are issued by.
    public let client: any TidepoolPresenceAPI

    /// Tokens from `client`.
    public init(client: any TidepoolPresenceAPI) { self.client = client }

    /// A token issued now for `epoch` (``TidepoolPresenceAPI/presenceToken(for:)``).
    public func token(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
        try await client.presenceToken(for: epoch)
    }
}

/// The one-at-a-time reporting protocol: the current epoch and its key, a blind token for it
/// (blinded, signed by the server, unblinded and checked), then the anonymous report. The
/// simulator's `ServerDriver` and the client contract send through it; the app's
/// `ReportingModel` spends tokens from its day's batch instead.
public struct PresenceReportSender: Sendable {
    /// The step a ``Failure`` happened in.
    public enum Step: String, Sendable, Equatable {
        /// Reading the current epoch and its key.
        case epoch
        /// Obtaining the blind token.
        case token
        /// Sending the anonymous report.
        case report
    }

    /// A failed step and the client's error.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Which step failed.
        public var step: Step
        /// What the client said.
        public var error: TidepoolClientError

        /// Creates a failure.
        public init(step: Step, error: TidepoolClientError) {
            self.step = step
            self.error = error
        }

        public var description: String { "\(step.rawValue): \(error.description)" }
    }

    /// The server the epoch is read from and the report is sent to.
    public let client: any TidepoolPresenceAPI
    /// Where tokens come from.
    public let tokens: any PresenceTokenSource

    /// A sender through `client`, with tokens from `tokens` (by default asked of `client` when a
    /// report is due).
    public init(client: any TidepoolPresenceAPI, tokens: (any PresenceTokenSource)? = nil) {
        self.client = client
        self.tokens = tokens ?? OnDemandPresenceTokens(client: client)
    }

    /// The current epoch and its blind-signing key.
    public func currentEpoch() async throws(Failure) -> TidepoolEpoch {
        do { return try await client.epoch() } catch { throw Failure(step: .epoch, error: error) }
    }

    /// Reports presence in `tile` during `epoch`: a token for it, then the anonymous report.
    public func send(tile: TileID, facet: Int?, in epoch: TidepoolEpoch) async throws(Failure) {
        let token: PresenceToken
        do { token = try await tokens.token(for: epoch) } catch { throw Failure(step: .token, error: error) }
        do { try await client.report(token, tile: tile, facet: facet) } catch {
            throw Failure(step: .report, error: error)
        }
    }

    /// Reports presence in `tile` now: the current epoch, a token for it, the report.
    /// - Returns: the epoch reported in.
    @discardableResult
    public func send(tile: TileID, facet: Int?) async throws(Failure) -> TidepoolEpoch {
        let epoch = try await currentEpoch()
        try await send(tile: tile, facet: facet, in: epoch)
        return epoch
    }
}
