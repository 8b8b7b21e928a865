import GeoKit
import InterestCodebook

/// The device pipeline for one fix: home guard, own ring, report scheduler, the daily epoch
/// sample, and the interest facet a report carries.
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
    /// Which epochs of the day are reported in (nil: every epoch the scheduler allows).
    public private(set) var sampler: DailyEpochSampler?
    /// The facet sent with each report (nil: none). Only the index leaves the device.
    public private(set) var facet: Int?

    /// Creates a reporter around `home`.
    public init(
        home: Coordinate, guard configuration: HomeGuard.Configuration = .init(),
        scheduler: ReportScheduler = ReportScheduler(), sampler: DailyEpochSampler? = nil
    ) {
        homeGuard = HomeGuard(home: home, configuration: configuration)
        self.scheduler = scheduler
        self.sampler = sampler
    }

    /// Sets the user's interest: the index of the codebook's facet nearest to `vector`
    /// (``FacetCodebook/nearest(to:)``) rides with later reports; the vector stays here.
    /// A nil vector or codebook, or a vector the codebook cannot compare, sends no facet.
    public mutating func setInterest(_ vector: [Float]?, codebook: FacetCodebook?) {
        guard let vector, let codebook else {
            facet = nil
            return
        }
        facet = codebook.nearest(to: vector)
    }

    /// Handles a fix while the device may not report (switched off, no permission, the day's
    /// epochs used): the guard and the ring move on; the scheduler and the sampler do not, so a
    /// report that could not be sent does not use up the epoch.
    public mutating func observeWithoutReporting(fix: Coordinate, at time: Double) -> Output {
        let hidden = homeGuard.update(fix: fix, at: time)
        return Output(hidden: hidden, ring: OwnPresenceRing.ring(for: fix, guard: homeGuard), report: nil)
    }

    /// Handles one fix at Unix time `time`.
    public mutating func observe(
        fix: Coordinate, at time: Double, appState: AppState, using random: inout some RandomNumberGenerator
    ) -> Output {
        let hidden = homeGuard.update(fix: fix, at: time)
        let ring = OwnPresenceRing.ring(for: fix, guard: homeGuard)
        var report = scheduler.handle(fix: fix, at: time, hidden: hidden, appState: appState, using: &random)
        if let scheduled = report, sampler != nil, !(sampler?.admits(epoch: scheduled.epoch, using: &random) ?? true) {
            report = nil
        }
        report?.facet = facet
        return Output(hidden: hidden, ring: ring, report: report)
    }
}
