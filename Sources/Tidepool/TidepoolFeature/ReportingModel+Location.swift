import GeoKit
import TidepoolKit

extension ReportingModel {
    /// The map came on screen or left it: live fixes at best accuracy while it is there.
    public func setMapOnScreen(_ onScreen: Bool) async {
        mapOnScreen = onScreen
        await applyLocationMode()
    }

    /// The location service failed (the live adapter's delegate): the chip says so until the next
    /// fix. A refusal also reads as the permission `denied`, so the switch offers Settings.
    public func locationFailed(_ problem: LocationServiceProblem) {
        locationProblem = problem
        if problem == .denied {
            permission = .denied
            ring = nil
            refreshState()
        }
    }

    /// The chip's line on the location service's failure, in the person's language (nil: none).
    public var locationProblemText: String? { locationProblem.map { TidepoolCopy.locationProblem($0) } }

    /// What the location policy decides from: the last fix's app state, the map, whether reports
    /// may go out, the wallet's tokens, motion and the home guard.
    func locationSituation() -> LocationPolicy.Situation {
        let now = clock.now()
        let current = currentSchedule().epoch(at: now)
        let held = wallet.tokens.filter { $0.epoch >= current }
        let distance = lastFix.flatMap { fix in reporter.map { $0.homeGuard.distanceFromHome(fix.coordinate) } }
        return LocationPolicy.Situation(
            appState: mapOnScreen ? .foreground : (lastFix?.appState ?? .background), mapOnScreen: mapOnScreen,
            reportingAllowed: mayReport(), now: now,
            reportDueThisEpoch: held.contains { $0.epoch == current },
            nextReportMoment: held.map(\.moment).min(), stillSeconds: motion.stillSeconds(at: now),
            hidden: reporter?.homeGuard.isHidden ?? true, home: settings.home, distanceFromHome: distance)
    }

    /// Decides the location mode and tells the location modes when it changed.
    func applyLocationMode() async {
        guard let locationModes else { return }
        let mode = LocationPolicy(configuration: configuration.locationPolicy, homeGuard: configuration.homeGuard)
            .mode(for: locationSituation())
        guard mode != locationMode else { return }
        locationMode = mode
        await locationModes.apply(mode)
    }

    /// The lead before each held token's moment, when the model drives the location modes (the
    /// timer re-plans there so the GPS is on before the moment).
    func locationLeadWakes(after now: Double) -> [Double] {
        guard locationModes != nil else { return [] }
        let lead = configuration.locationPolicy.momentLeadSeconds
        return wallet.tokens.map { $0.moment - lead }.filter { $0 > now }
    }
}
