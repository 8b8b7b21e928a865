import CoreLocation
import GeoKit
import ProximityKit

/// Circular-region monitoring through `CLMonitor` (iOS 17): a `RegionMonitor`.
///
/// The monitor is opened by name when the adapter is made, and its `events` are iterated at once:
/// iOS keeps the conditions across launches under that name and, after relaunching the app for a
/// region event, delivers the event only to a monitor of that name that is being iterated. So the
/// composition root makes this adapter before anything else, on every launch, background ones
/// included. At most ``RegionMonitorLimit/conditions`` are ever added: a 21st new id throws
/// `limitReached` and changes nothing (iOS would silently drop it). The count is read from
/// `CLMonitor` before each add, so adds from several tasks at once could race it; Proximity's
/// tracking model adds one condition at a time, removals first.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public actor CoreLocationRegionMonitor: RegionMonitor {
    /// The name Proximity's conditions live under.
    public static let defaultName = "app.loci.proximity.places"

    /// Condition changes, as `CLMonitor` reports them (`unknown` and `unmonitored` are dropped).
    public nonisolated let events: AsyncStream<MonitorEvent>

    private let monitor: Task<CLMonitor, Never>
    private let pump: Task<Void, Never>

    /// Opens (or re-opens) the monitor named `name` and starts delivering its events.
    public init(name: String = CoreLocationRegionMonitor.defaultName) {
        let (events, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
        let monitor = Task { await CLMonitor(name) }
        self.events = events
        self.monitor = monitor
        pump = Task {
            let opened = await monitor.value
            do {
                for try await event in await opened.events {
                    guard let state = CoreLocationRegionMonitor.state(event.state) else { continue }
                    continuation.yield(
                        MonitorEvent(
                            conditionID: event.identifier, state: state, time: event.date.timeIntervalSince1970))
                }
            } catch {
                // The sequence ends only when the monitor is torn down; nothing more will come.
            }
            continuation.finish()
        }
    }

    deinit { pump.cancel() }

    /// Adds `condition` (or replaces the one with its id), refusing a new id past the limit.
    public func add(_ condition: MonitorCondition) async throws(RegionMonitorError) {
        guard condition.radius.isFinite, condition.radius > 0 else {
            throw .invalidRadius(conditionID: condition.id, radius: condition.radius)
        }
        let opened = await monitor.value
        let identifiers = await opened.identifiers
        if !identifiers.contains(condition.id), identifiers.count >= RegionMonitorLimit.conditions {
            throw .limitReached(conditionID: condition.id, monitored: identifiers.count)
        }
        let circle = CLMonitor.CircularGeographicCondition(
            center: CLLocationCoordinate2D(
                latitude: condition.center.latitude, longitude: condition.center.longitude),
            radius: condition.radius)
        // Places start outside (an entry is what they announce); the refresh region starts inside
        // (it is centred on the fix that planned it; leaving it is what it announces).
        await opened.add(circle, identifier: condition.id, assuming: condition.notifyOnEntry ? .unsatisfied : .satisfied)
    }

    /// Stops monitoring `conditionID` (nothing when it is not monitored).
    public func remove(_ conditionID: String) async {
        let opened = await monitor.value
        guard await opened.identifiers.contains(conditionID) else { return }
        await opened.remove(conditionID)
    }

    /// Every circular condition monitored now, sorted by id.
    public func conditions() async -> [MonitorCondition] {
        let opened = await monitor.value
        var found: [MonitorCondition] = []
        for identifier in await opened.identifiers {
            guard let record = await opened.record(for: identifier),
                let circle = record.condition as? CLMonitor.CircularGeographicCondition
            else { continue }
            found.append(
                Self.condition(
                    id: identifier, latitude: circle.center.latitude, longitude: circle.center.longitude,
                    radius: circle.radius))
        }
        return found.sorted { $0.id < $1.id }
    }

    /// A `CLMonitor` state in the kit's words; `nil` for `unknown` and `unmonitored`, which say
    /// nothing about where the user is.
    static func state(_ state: CLMonitor.Event.State) -> MonitorEvent.State? {
        switch state {
        case .satisfied: .satisfied
        case .unsatisfied: .unsatisfied
        default: nil
        }
    }

    /// The kit's condition for a monitored circle's fields: the refresh region announces exits,
    /// everything else entries.
    static func condition(id: String, latitude: Double, longitude: Double, radius: Double) -> MonitorCondition {
        MonitoredRegion(
            id: id, center: Coordinate(uncheckedLatitude: latitude, longitude: longitude), radius: radius,
            notifyOnEntry: id != MonitoredRegion.refreshID)
    }
}
