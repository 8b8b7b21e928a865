import Foundation
import GeoKit
import InterestCodebook
import Observation
import TidepoolClient
import TidepoolKit

/// Background reporting: location updates through the home guard and the report scheduler
/// (TidepoolKit's ``PresenceReporter``), at most one anonymous report per epoch through the
/// client, and the state the chip on the map shows.
///
/// What leaves the phone per report: a tile id and, when the device holds the server's facet
/// codebook, one facet index, spent with a blind token on the client's cookie-less session.
/// Nothing is sent while the home guard hides the device, while reporting is switched off or
/// location is not allowed, or after the server said the day's epochs are used (409
/// `day_spent`: the model rests until the next UTC day instead of asking again).
///
/// Call ``start()`` once (it reads the settings, the server's privacy answer for the daily cap
/// and epoch length, and the user's interest), then feed updates with ``run(_:)`` (the app) or
/// ``handle(_:)`` (tests).
@MainActor @Observable
public final class ReportingModel {
    /// Choices of the device that are not the server's to make.
    public struct Configuration: Sendable {
        /// The chance an epoch the device could report in is taken (``DailyEpochSampler``): 0.2,
        /// the share of epochs a person away from Home about 40 epochs a day can take under the
        /// server's daily cap of 8 (`docs/tidepool.md`, "Known limits").
        public var reportProbability = 0.2
        /// The home guard's distances and dwell.
        public var homeGuard = HomeGuard.Configuration()
        /// The scheduler's cadence.
        public var scheduler = ReportScheduler.Configuration()

        /// The defaults above.
        public init() {}
    }

    /// What the chip shows.
    public internal(set) var status = ReportingStatus.initial
    /// The user's own ring (for the user's map only), nil near Home or without a fix.
    public internal(set) var ring: OwnPresenceRing?
    /// The location permission last reported by the location service.
    public private(set) var permission = LocationAuthorization.notDetermined

    @ObservationIgnored let client: any TidepoolPresenceAPI
    @ObservationIgnored let settingsStore: any TidepoolSettingsStore
    @ObservationIgnored let codebook: FacetCodebook?
    @ObservationIgnored let interest: any InterestVectorSource
    @ObservationIgnored let clock: any TidepoolClock
    @ObservationIgnored let configuration: Configuration
    @ObservationIgnored var random: AnyRandomNumberGenerator
    @ObservationIgnored var settings = TidepoolSettings()
    @ObservationIgnored var reporter: PresenceReporter?
    @ObservationIgnored var serverParameters: ServerParameters?
    @ObservationIgnored var interestVector: [Float]?
    @ObservationIgnored var restingUntil: Double?
    @ObservationIgnored var lastReportedEpoch: Int64?
    @ObservationIgnored private var starting: Task<Void, Never>?

    /// A model reporting through `client`.
    /// - Parameters:
    ///   - settings: Home and the reporting switch (``TidepoolSettings``).
    ///   - codebook: the facet codebook the device holds (InterestKit's bundled facets); used
    ///     only when its version is the one the server publishes, else reports carry no facet.
    ///   - interest: the user's interest vector (the facet is the codebook's nearest to it).
    ///   - clock: now, for the day boundary and the last report's time.
    ///   - random: the scheduler's jitter and the epoch sampling.
    public init(
        client: any TidepoolPresenceAPI, settings: any TidepoolSettingsStore, codebook: FacetCodebook?,
        interest: any InterestVectorSource, clock: any TidepoolClock = SystemTidepoolClock(),
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        configuration: Configuration = Configuration()
    ) {
        self.client = client
        self.settingsStore = settings
        self.codebook = codebook
        self.interest = interest
        self.clock = clock
        self.random = AnyRandomNumberGenerator(random)
        self.configuration = configuration
    }

    /// Reads the settings, the server's parameters and the interest, once (later calls wait for
    /// the first). Offline, the standard epoch grid is used and the server's cap still applies.
    public func start() async {
        if let starting { return await starting.value }
        let task = Task { @MainActor in await self.load() }
        starting = task
        await task.value
    }

    /// Reads the settings again (after Home was reset or the switch changed elsewhere) and
    /// rebuilds the guard when Home moved.
    public func reload() async {
        await start()
        await readSettings()
        refreshState()
    }

    /// Switches reporting on or off and saves the choice.
    public func setReporting(_ enabled: Bool) async {
        await start()
        do throws(TidepoolSettingsError) {
            // On the saved copy: Home may have been reset meanwhile through the session.
            let saved = try await settingsStore.update { $0.reportingEnabled = enabled }
            settings.reportingEnabled = saved.reportingEnabled
        } catch { status.lastProblem = error.description }
        await readSettings()  // a Home changed elsewhere rebuilds the guard
        refreshState()
    }

    /// Consumes `source` until it ends or the calling task is cancelled (the app runs this for
    /// its lifetime).
    public func run(_ source: any LocationUpdates) async {
        await start()
        for await update in source.updates() {
            if Task.isCancelled { break }
            await handle(update)
        }
    }

    /// Handles one update: a permission change, or a fix through the guard, the ring and the
    /// scheduler, sending the report it schedules when reporting may.
    public func handle(_ update: LocationUpdate) async {
        await start()
        switch update {
        case .permission(let permission):
            self.permission = permission
            if !permission.allowsReporting { ring = nil }
        case .fix(let fix):
            // A fix is proof of a permission that was never announced.
            if permission == .notDetermined { permission = .whenInUse }
            await observe(fix)
        }
        refreshState()
    }

    private func observe(_ fix: LocationFix) async {
        guard var pipeline = reporter else { return }
        let output =
            mayReport()
            ? pipeline.observe(fix: fix.coordinate, at: fix.time, appState: fix.appState, using: &random)
            : pipeline.observeWithoutReporting(fix: fix.coordinate, at: fix.time)
        reporter = pipeline
        ring = output.ring
        if let report = output.report { await send(report) }
    }
}
