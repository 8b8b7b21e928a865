import Foundation
import Observation
import ProximityKit

/// Tracking: the engine between the device and the planner, the monitored set, the status bar,
/// notifications (posted, grouped, answered) and the debug panel.
///
/// The launch path (``launch()``) restores the planner state and the monitored set from the
/// snapshot store and the trips from the trip store; an event that arrives before it finished
/// (iOS relaunches the app for a region event) waits for it, then is handled.
@MainActor @Observable
public final class TrackingModel {
    /// What the status bar shows.
    public internal(set) var status = TrackingStatus.initial
    /// The last thing that went wrong (a refused condition, a notification not posted, a
    /// permission that could not be asked for), or `nil`; a view shows it with ``lastErrorFix``.
    public internal(set) var lastError: String? {
        didSet { lastErrorFix = pendingFix }
    }
    /// What the person can do about ``lastError``.
    public private(set) var lastErrorFix: TrackingFix = .none
    @ObservationIgnored private var pendingFix: TrackingFix = .none
    /// The trip a tapped notification asked to open; the app navigates and clears it.
    public var tripToOpen: String?
    /// The debug panel.
    public let debug = DebugPanelModel()

    @ObservationIgnored let environment: ProximityEnvironment
    @ObservationIgnored var engine: TrackingEngine
    @ObservationIgnored private var launching: Task<Void, Never>?
    @ObservationIgnored private var followUps = 0

    /// A follow-up fix after a region wake-up is asked for at most this many times in a row (the
    /// background time a wake-up grants; ``ProximityKit/IOSWakeupModel/followUpLimit``).
    public static let followUpLimit = IOSWakeupModel().followUpLimit

    /// A model over `environment`; nothing is read until ``launch()``.
    public init(environment: ProximityEnvironment) {
        self.environment = environment
        engine = TrackingEngine(
            planner: ProximityPlanner(catalog: PlaceCatalog(places: [], trips: []), configuration: environment.configuration),
            authorization: .notDetermined)
    }

    /// The regions the engine planned (places nearest first, the refresh region last).
    public var plannedRegions: [MonitoredRegion] { engine.regions }

    /// The planner's state now.
    public var plannerState: PlannerState { engine.state }

    /// Restores everything (once; later calls wait for the first): trips and places, the planner
    /// state, the permission; registers the notification categories; re-creates the monitored
    /// set and starts or stops significant-change wake-ups. The app reaches it through
    /// ``listen()``; package-wide so tests can launch without the device streams.
    package func launch() async {
        if let launching { return await launching.value }
        let task = Task { @MainActor in await self.restore() }
        launching = task
        await task.value
    }

    private func restore() async {
        var snapshot: TrackingSnapshot?
        do { snapshot = try environment.snapshots.load() } catch { lastError = error.description }
        engine = TrackingEngine(
            planner: ProximityPlanner(catalog: loadCatalog(), configuration: environment.configuration), snapshot: snapshot,
            authorization: environment.authorizer.status)
        engine.setLowPowerMode(environment.power.isLowPowerModeEnabled)
        await environment.poster.register([ProximityCopy.placeCategory()])
        await applyDevices()
        refreshStatus()
    }

    /// Handles one device input (waiting for ``launch()`` first). Inputs come from ``listen()``
    /// on the phone; package-wide so tests feed them one at a time.
    package func handle(_ input: DeviceInput) async {
        await launch()
        switch input {
        case .monitor(let event):
            followUps = 0
            // No fix is not a failure to show: the planner then asks for one (`needsLocation`).
            let fix = engine.authorization.allowsLocation ? try? await environment.locator.currentFix() : nil
            guard let plannerEvent = event.plannerEvent(fix: fix) else { return }
            await step(plannerEvent, source: "region \(event.state.rawValue) \(event.conditionID)")
        case .significantChange(let fix):
            followUps = 0
            await step(.fix(fix), source: "significant change")
        case .fix(let fix):
            followUps = 0
            await step(.fix(fix), source: "fix")
        case .activity(let activity, let time):
            await step(.activity(activity, time: time), source: "activity \(activity.rawValue)")
        case .lowPowerMode(let on):
            if engine.setLowPowerMode(on) { await applyMonitor() }
            save()
            refreshStatus()
        case .authorization(let level):
            engine.authorize(level)
            await applyDevices()
            refreshStatus()
        case .notificationResponse(let response):
            await answer(response)
        }
    }

    /// Asks the one-shot locator for the fix the planner wants (``TrackingStatus/wantsLocation``)
    /// and hands it to the planner. ``listen()`` calls it while the planner wants a fix.
    package func requestFollowUp() async {
        await launch()
        followUps += 1
        // A follow-up that finds no fix is retried up to the limit, then the next wake-up decides.
        guard let fix = try? await environment.locator.currentFix() else {
            status.wantsLocation = status.wantsLocation && followUps < Self.followUpLimit
            return
        }
        await step(.fix(fix), source: "follow-up")
    }

    /// Asks for Always (the prompt when iOS allows one) and applies the answer. When iOS answers
    /// without asking (still "not determined": Location Services are off), that is ``lastError``
    /// with the fix ``TrackingFix/openLocationSettings``.
    public func requestAlways() async {
        let level = await environment.authorizer.request(.always)
        if level == .notDetermined { fail(ProximityCopy.permissionRequestFailed(), fix: .openLocationSettings) }
        await handle(.authorization(level))
    }

    /// The person read ``lastError`` and closed it.
    public func dismissError() { fail(nil) }

    /// Sets ``lastError`` and its fix together.
    func fail(_ message: String?, fix: TrackingFix = .none) {
        pendingFix = message == nil ? .none : fix
        lastError = message
        pendingFix = .none
    }

    /// Asks for location the first time a place exists and the user was never asked (the moment
    /// the app has something to watch), not only from Settings; once asked, never again: a
    /// refusal is the user's answer, changed in Settings.
    func askLocationForFirstPlace() async {
        guard environment.authorizer.status == .notDetermined, !engine.planner.catalog.places.isEmpty else { return }
        await requestAlways()
    }

    /// Silences one place (`*`: all) for `seconds` from now.
    public func snooze(placeID: String, for seconds: Double) async {
        await launch()
        await step(.snooze(placeID: placeID, until: environment.time + seconds), source: "snooze \(placeID)")
    }

    /// Reads the trips and places again (after an edit) and re-plans the monitored set.
    public func reloadPlaces() async {
        await launch()
        if engine.replace(catalog: loadCatalog()) { await applyDevices() }
        save()
        refreshStatus()
    }

    /// Recomputes the status (the app calls it on a timer for the fix's age).
    public func refreshStatus() {
        let now = environment.now()
        let catalog = engine.planner.catalog
        let running = Set(catalog.trips.values.filter { $0.isActive && TripPhase($0, at: now) == .active }.map(\.id))
        let total = catalog.places.filter { running.contains($0.tripID) }.count
        let conditions = engine.conditions
        let time = now.timeIntervalSince1970
        status = TrackingStatus(
            permission: engine.authorization, permissionSummary: ProximityCopy.permission(engine.authorization),
            canRequestAlways: engine.authorization == .notDetermined || engine.authorization == .whenInUse,
            monitoredPlaceIDs: Set(conditions.compactMap { RegionIdentifier.placeID(conditionID: $0.id) }), totalPlaces: total,
            refreshRegion: conditions.first { $0.id == MonitoredRegion.refreshID }, lastFix: engine.state.lastFix,
            lastFixAge: engine.state.lastFix.map { max(0, time - $0.time) },
            wantsLocation: status.wantsLocation, notificationsAllowed: status.notificationsAllowed,
            snoozedUntil: engine.state.snoozedUntil.filter { $0.value > time },
            lowPowerSummary: engine.lowPowerMode ? ProximityCopy.lowPower() : nil)
    }

    // MARK: - Steps

    func step(_ event: PlannerEvent, source: String) async {
        let result = engine.handle(event)
        debug.record(result, source: source)
        if result.conditionsChanged { await applyMonitor() }
        for notification in result.decision.notifications { await post(notification) }
        save()
        refreshStatus()
        status.wantsLocation = result.decision.needsLocation && followUps < Self.followUpLimit
    }

    private func loadCatalog() -> PlaceCatalog {
        do {
            let (trips, places) = try environment.trips.everything()
            return PlaceCatalog(places: places, trips: trips)
        } catch {
            lastError = error.description
            return engine.planner.catalog
        }
    }

    private func save() {
        do { try environment.snapshots.save(engine.snapshot) } catch { lastError = error.description }
    }

    /// Monitor and significant-change wake-ups as the engine and permission want them.
    private func applyDevices() async {
        await applyMonitor()
        if engine.wantsSignificantChanges {
            await environment.significantChanges.start()
        } else {
            await environment.significantChanges.stop()
        }
    }

    /// Brings the OS's conditions to the engine's: removals first, so never more than 20.
    private func applyMonitor() async {
        let wanted = engine.conditions
        let changes = ConditionPlan.changes(from: await environment.monitor.conditions(), to: wanted)
        for id in changes.removals { await environment.monitor.remove(id) }
        for condition in changes.additions {
            do { try await environment.monitor.add(condition) } catch { lastError = ProximityCopy.regionRefused(error.description) }
        }
        debug.monitoring(wanted)
    }
}
