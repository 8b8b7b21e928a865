import CoreLocation
import TidepoolKit

/// TidepoolKit's location modes on CoreLocation:
/// * live at best accuracy: `CLLocationUpdate.liveUpdates()`;
/// * live at a hundred metres: `CLLocationManager.startUpdatingLocation()` with
///   `kCLLocationAccuracyHundredMeters` (live updates take no accuracy on iOS 17);
/// * monitoring: `startMonitoringSignificantLocationChanges()` and `startMonitoringVisits()`,
///   plus, with a Home exit region, a `CLMonitor` circle whose exit asks for one fix;
/// * off: nothing.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
extension CoreLocationLiveUpdates: LocationModeControl {
    /// Switches CoreLocation to `mode` (nothing when it is the mode in force).
    public func apply(_ mode: LocationMode) async {
        guard mode != self.mode else { return }
        self.mode = mode
        if !listeners.isEmpty { start(mode) }
    }

    /// Stops what the previous mode ran and starts `mode`.
    func start(_ mode: LocationMode) {
        stopAll()
        switch mode {
        case .off:
            break
        case .liveUpdates(.best):
            liveTask = Task { @MainActor [weak self] in
                do {
                    for try await update in CLLocationUpdate.liveUpdates() {
                        guard let self, !Task.isCancelled else { break }
                        if let location = update.location { self.broadcast(location) }
                    }
                } catch {
                    // The updates ended (cancelled, or the service failed): the chip says so; the
                    // next mode restarts them.
                    if !Task.isCancelled, let problem = Self.problem(error) { self?.onFailure?(problem) }
                }
            }
        case .liveUpdates(.hundredMeters):
            manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
            manager.startUpdatingLocation()
        case .monitoring(let homeExit):
            manager.startMonitoringSignificantLocationChanges()
            manager.startMonitoringVisits()
            if let homeExit { exitTask = Task { @MainActor [weak self] in await self?.watch(homeExit) } }
        }
    }

    /// Stops every source of fixes.
    func stopAll() {
        liveTask?.cancel()
        liveTask = nil
        exitTask?.cancel()
        exitTask = nil
        manager.stopUpdatingLocation()
        manager.stopMonitoringSignificantLocationChanges()
        manager.stopMonitoringVisits()
    }

    /// Asks for one fix when the phone leaves the circle around Home.
    private func watch(_ region: HomeExitRegion) async {
        let monitor = await CLMonitor("tidepool-home-exit")
        let center = CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude)
        await monitor.add(
            CLMonitor.CircularGeographicCondition(center: center, radius: region.radiusMeters),
            identifier: "home", assuming: .satisfied)
        defer { Task { await monitor.remove("home") } }
        do {
            for try await event in await monitor.events {
                if Task.isCancelled { break }
                if event.state == .unsatisfied { manager.requestLocation() }
            }
        } catch {
            // The monitor ended: the chip says so; the next mode sets it up again.
            if !Task.isCancelled, let problem = Self.problem(error) { onFailure?(problem) }
        }
    }
}
