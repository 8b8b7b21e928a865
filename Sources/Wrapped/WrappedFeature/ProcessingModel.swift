import Foundation
import LociLocalization
import Observation
import WrappedKit
import WrappedService

/// Where a run is.
public enum ProcessingPhase: Sendable, Equatable {
    /// Not started.
    case ready
    /// Reading photos or computing.
    case running
    /// Done; whether the cache answered.
    case finished(WrappedCacheState)
    /// The user cancelled; nothing was stored.
    case cancelled
    /// The run failed; the message says what and where.
    case failed(String)
}

/// The processing screen: one run of the session, its staged progress, and Cancel (seed §6.3).
///
/// The session runs off the main actor; its events are folded into ``progress`` on the main
/// actor in the order they happened. A cancelled run stores nothing: the scan stops at its next
/// batch, and the session checks again before saving.
@MainActor @Observable
public final class ProcessingModel: Identifiable {
    /// The local days being processed.
    public let days: ClosedRange<LocalDate>
    /// What the screen shows.
    public private(set) var progress: ProcessingProgress
    /// Where the run is.
    public private(set) var phase: ProcessingPhase = .ready
    /// The time-based cards, published as soon as the engine reports its time statistics
    /// (seed §14.2: shown while places are still being found); empty until then, and for a
    /// run the cache answered.
    public private(set) var earlyCards: [Card] = []

    @ObservationIgnored private let request: WrappedRunRequest
    @ObservationIgnored private let flag = CancellationFlag()

    init(request: WrappedRunRequest) {
        self.request = request
        days = request.days
        progress = ProcessingProgress(language: request.environment.language)
    }

    /// Whether Cancel is offered.
    public var canCancel: Bool { phase == .running || phase == .ready }

    /// Runs the session once.
    /// - Returns: the outcome, or `nil` when the run was cancelled or failed (see ``phase``).
    public func run() async -> WrappedOutcome? {
        guard phase == .ready else { return nil }
        phase = .running
        let request = request
        let flag = flag
        let now = request.environment.now()
        let (events, continuation) = AsyncStream.makeStream(of: WrappedSessionEvent.self)
        let work = Task.detached { () -> Result<WrappedOutcome, WrappedSessionError> in
            defer { continuation.finish() }
            do throws(WrappedSessionError) {
                return .success(
                    try request.session.run(
                        days: request.days, hidden: request.hidden, now: now, access: request.access,
                        isCancelled: { flag.isCancelled }, progress: { continuation.yield($0) }))
            } catch {
                return .failure(error)
            }
        }
        await withTaskCancellationHandler {
            for await event in events {
                progress.apply(event)
                if case .engine(.timeStats(let stats)) = event {
                    earlyCards = WrappedCardCopy.localized(
                        DeckBuilder().timeCards(from: days.lowerBound, to: days.upperBound, stats: stats),
                        days: days, places: [], in: request.environment.language)
                }
            }
        } onCancel: {
            flag.cancel()
        }
        switch await work.value {
        case .success(let outcome):
            phase = .finished(outcome.cache)
            return outcome
        case .failure(.cancelled):
            phase = .cancelled
            return nil
        case .failure(let error):
            phase = .failed("\(error)")
            return nil
        }
    }

    /// Cancel: the run stops without storing anything.
    public func cancel() {
        flag.cancel()
    }
}
