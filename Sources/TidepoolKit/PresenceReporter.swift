import GeoKit

/// The device pipeline for one fix: home guard, own ring, report scheduler.
public struct PresenceReporter: Sendable {
    /// What one fix produced.
    public struct Output: Sendable, Equatable {
        /// Whether presence is hidden.
        public var hidden: Bool
        /// The user's own ring, if shown.
        public var ring: OwnPresenceRing?
        /// The report to send, if any.
        public var report: ScheduledReport?
    }

    /// The home guard.
    public private(set) var homeGuard: HomeGuard
    /// The scheduler.
    public private(set) var scheduler: ReportScheduler

    /// Creates a reporter around `home`.
    public init(
        home: Coordinate, guard configuration: HomeGuard.Configuration = .init(),
        scheduler: ReportScheduler = ReportScheduler()
    ) {
        homeGuard = HomeGuard(home: home, configuration: configuration)
        self.scheduler = scheduler
    }

    /// Handles one fix at Unix time `time`.
    public mutating func observe(
        fix: Coordinate, at time: Double, appState: AppState, using random: inout some RandomNumberGenerator
    ) -> Output {
        let hidden = homeGuard.update(fix: fix, at: time)
        let ring = OwnPresenceRing.ring(for: fix, guard: homeGuard)
        let report = scheduler.handle(fix: fix, at: time, hidden: hidden, appState: appState, using: &random)
        return Output(hidden: hidden, ring: ring, report: report)
    }
}
