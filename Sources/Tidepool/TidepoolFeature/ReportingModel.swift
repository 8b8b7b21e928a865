import Foundation
import GeoKit
import InterestCodebook
import Observation
import TidepoolClient
import TidepoolKit

/// Background reporting: location updates through the home guard (TidepoolKit's
/// ``PresenceReporter``), the day's tokens taken in one batch at a moment unrelated to where the
/// phone is, at most one anonymous report per planned epoch sent at its planned moment, and the
/// state the chip on the map shows.
///
/// Tokens: each day of epochs (a day's worth at the server's epoch length) is planned in advance
/// (TidepoolKit's `DailyTokenPlan`: which epochs, the batch's fetch time, each report's moment),
/// with the server's cap over any day's worth of epochs. The batch is fetched by ``wake()`` (the
/// app's launch, foreground and timer) at or after the plan's fetch time, never on a location
/// event, and the unblinded tokens are kept in a ``TokenWalletStore`` so they survive a relaunch.
/// So the issuance log shows when a phone was woken to fetch, not when or where it reports.
///
/// What leaves the phone per report: a tile id and, when the device holds the server's facet
/// codebook, one facet index, spent with a blind token on the client's cookie-less session, at the
/// token's planned moment (or the first fix after it in the same epoch when the app was asleep).
/// The tile is the last fix's in the epoch; nothing is sent while the home guard hides the device,
/// while reporting is switched off or location is not allowed; a token whose epoch passes without
/// a fix away from Home is discarded. A batch the server refuses (409 `day_spent`: the App Attest
/// key already holds its cap of tokens for a day's worth of epochs around them) is not asked
/// again; the next planned day's batch is, when due.
///
/// Call ``start()`` once (it reads the settings, the server's privacy answer for the cap and
/// epoch length, the user's interest and the wallet), then feed updates with ``run(_:)`` (the
/// app; it also wakes the model on time) or ``handle(_:)`` and ``wake()`` (tests).
@MainActor @Observable
public final class ReportingModel {
    /// Choices of the device that are not the server's to make.
    public struct Configuration: Sendable {
        /// The batch of a day is due at a uniformly random moment in this many seconds before
        /// the day's first epoch (TidepoolKit's `DailyTokenPlan`); epochs whose keys are not yet
        /// published then are fetched at a later wake.
        public var fetchLeadSeconds: Double = 6 * 3_600
        /// At most one planned epoch per block of this many epochs (nil: no limit).
        public var atMostOnePer: Int64?
        /// The home guard's distances and dwell.
        public var homeGuard = HomeGuard.Configuration()
        /// The scheduler (its tiler turns a fix into the tile a report names; the plan, not its
        /// cadence, decides when reports go out).
        public var scheduler = ReportScheduler.Configuration()
        /// When the GPS is on (TidepoolKit's `LocationPolicy`): back-off and the lead before a
        /// report's moment.
        public var locationPolicy = LocationPolicy.Configuration()

        /// The defaults above.
        public init() {}
    }

    /// What the chip shows.
    public internal(set) var status = ReportingStatus.initial
    /// The user's own ring (for the user's map only), nil near Home or without a fix.
    public internal(set) var ring: OwnPresenceRing?
    /// The location permission last reported by the location service.
    public internal(set) var permission = LocationAuthorization.notDetermined
    /// How the phone listens for the position, as last told to the location modes (nil before
    /// the first decision, or when the model was given none).
    public internal(set) var locationMode: LocationMode?
    /// The location service's last failure (cleared by the next fix), for the chip.
    public internal(set) var locationProblem: LocationServiceProblem?
    /// Whether the map is on screen (``setMapOnScreen(_:)``).
    @ObservationIgnored var mapOnScreen = false

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
    @ObservationIgnored let walletStore: any TokenWalletStore
    @ObservationIgnored let permissionPrompt: (any LocationPermission)?
    @ObservationIgnored var wallet = TokenWallet()
    @ObservationIgnored let locationModes: (any LocationModeControl)?
    /// Motion from the fixes (for the policy's back-off) and the last fix.
    @ObservationIgnored var motion = MotionTracker()
    @ObservationIgnored var lastFix: LocationFix?
    /// The tile of the last fix and its epoch (nil tile: the guard hid it).
    @ObservationIgnored var observed: (epoch: Int64, tile: TileID?)?
    @ObservationIgnored private var starting: Task<Void, Never>?

    /// A model reporting through `client`.
    /// - Parameters:
    ///   - settings: Home and the reporting switch (``TidepoolSettings``).
    ///   - codebook: the facet codebook the device holds (InterestKit's bundled facets); used
    ///     only when its version is the one the server publishes, else reports carry no facet.
    ///   - interest: the user's interest vector (the facet is the codebook's nearest to it).
    ///   - clock: now, for the day boundary and the last report's time.
    ///   - random: the plans (epochs, fetch time) and each report's moment.
    ///   - tokens: where the day's tokens are kept between launches.
    ///   - permission: the location prompts, shown when the user switches sharing on without the
    ///     permission (nil: the switch only saves the choice).
    ///   - locationModes: told the location mode (`LocationPolicy`) after every update and wake
    ///     (nil: the location service stays as the app started it).
    public init(
        client: any TidepoolPresenceAPI, settings: any TidepoolSettingsStore, codebook: FacetCodebook?,
        interest: any InterestVectorSource, clock: any TidepoolClock = SystemTidepoolClock(),
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        configuration: Configuration = Configuration(),
        tokens: any TokenWalletStore = InMemoryTokenWalletStore(),
        permission: (any LocationPermission)? = nil,
        locationModes: (any LocationModeControl)? = nil
    ) {
        self.locationModes = locationModes
        self.walletStore = tokens
        self.permissionPrompt = permission
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

    /// Whether the sharing switch shows on (the user's choice, whatever the permission and Home
    /// allow; ``status`` says whether reports actually go out).
    public var isSharingOn: Bool { status.state != .off(.switchedOff) }

    /// Whether location was refused (or is restricted): iOS shows no prompt again, so the switch
    /// offers the Settings app instead.
    public var permissionNeedsSettings: Bool { permission == .denied || permission == .restricted }

    /// Switches reporting on or off and saves the choice. Switching on without the location
    /// permission asks for it (When In Use, then Always), as onboarding does; a refusal leaves
    /// the choice saved and the state `off(.noPermission)`, with ``permissionNeedsSettings``.
    public func setReporting(_ enabled: Bool) async {
        await start()
        do throws(TidepoolSettingsError) {
            // On the saved copy: Home may have been reset meanwhile through the session.
            let saved = try await settingsStore.update {
                $0.reportingEnabled = enabled
                $0.reportingPausedForHome = false
            }
            settings.reportingEnabled = saved.reportingEnabled
        } catch { status.lastProblem = error.description }
        if enabled, !permission.allowsReporting, let permissionPrompt {
            var answer = await permissionPrompt.requestWhenInUse()
            if answer == .whenInUse { answer = await permissionPrompt.requestAlways() }
            permission = answer
            if !answer.allowsReporting { ring = nil }
        }
        await readSettings()  // a Home changed elsewhere rebuilds the guard
        refreshState()
    }

    /// Consumes `source` until it ends or the calling task is cancelled (the app runs this for
    /// its lifetime), waking the model (``wake()``) at once and then on the clock at each due
    /// batch, report moment and epoch start meanwhile.
    public func run(_ source: any LocationUpdates) async {
        await start()
        let timer = Task { @MainActor [weak self] in
            while !Task.isCancelled, let model = self {
                await model.wake()
                let now = model.clock.now()
                let wait = max(1, (model.nextWakeAt() ?? now + 3_600) - now)
                let clock = model.clock
                do { try await clock.sleep(seconds: wait) } catch { return }
            }
        }
        defer { timer.cancel() }
        for await update in source.updates() {
            if Task.isCancelled { break }
            await handle(update)
        }
    }

    /// The app is awake without a location event (launch, foreground, its timer): fetches a due
    /// batch of tokens, discards tokens whose epoch passed, sends a report whose moment came.
    public func wake() async {
        await start()
        if serverParameters == nil, let privacy = try? await client.privacy() {
            // Offline at start: the epoch grid and the cap arrive with the first answer.
            serverParameters = Self.parameters(privacy)
            await readSettings(force: true)
        }
        await refreshTokens()
        await sendDue()
        refreshState()
        await applyLocationMode()
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
            // A fix is proof of a permission that was never announced, and of a working service.
            if permission == .notDetermined { permission = .whenInUse }
            locationProblem = nil
            await observe(fix)
        }
        refreshState()
        await applyLocationMode()
    }

    private func observe(_ fix: LocationFix) async {
        guard var pipeline = reporter else { return }
        // The guard and the ring only: the plan, not the fix, decides when a report goes out.
        let output = pipeline.observeWithoutReporting(fix: fix.coordinate, at: fix.time)
        motion.observe(fix.coordinate, at: fix.time)
        lastFix = fix
        reporter = pipeline
        ring = output.ring
        let tile = output.hidden ? nil : pipeline.scheduler.tiler.tile(for: fix.coordinate)
        observed = (epoch: currentSchedule().epoch(at: fix.time), tile: tile)
        // A fix never fetches tokens; it may carry a report whose moment has come.
        await sendDue()
    }
}
