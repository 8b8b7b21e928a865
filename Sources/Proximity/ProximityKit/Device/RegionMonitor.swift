/// A circular condition for the OS to monitor (CoreLocation's `CLMonitor.CircularGeographicCondition`).
public typealias MonitorCondition = MonitoredRegion

/// What the OS reports about one monitored condition (`CLMonitor.Event`).
public struct MonitorEvent: Sendable, Equatable, Codable {
    /// The condition's state after the change.
    public enum State: String, Sendable, Codable {
        /// Inside the circle (`.satisfied`).
        case satisfied
        /// Outside the circle (`.unsatisfied`).
        case unsatisfied
    }

    /// The condition's id (``MonitoredRegion/id``: `place:<id>` or `refresh`).
    public var conditionID: String
    /// Its new state.
    public var state: State
    /// When the OS saw the change, seconds since 1970.
    public var time: Double

    /// Creates an event.
    public init(conditionID: String, state: State, time: Double) {
        self.conditionID = conditionID
        self.state = state
        self.time = time
    }
}

/// Why a region monitor refused a condition.
public enum RegionMonitorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Adding the condition would exceed ``RegionMonitorLimit/conditions`` (iOS silently drops
    /// regions past 20; Loci never asks).
    case limitReached(conditionID: String, monitored: Int)
    /// The condition's radius is not a positive finite number of metres.
    case invalidRadius(conditionID: String, radius: Double)

    /// One line.
    public var description: String {
        switch self {
        case .limitReached(let id, let monitored):
            "region monitor: cannot add '\(id)': \(monitored) conditions already monitored (limit \(RegionMonitorLimit.conditions))"
        case .invalidRadius(let id, let radius): "region monitor: condition '\(id)' has radius \(radius) m"
        }
    }
}

/// The platform's limit on monitored conditions.
public enum RegionMonitorLimit {
    /// iOS monitors at most 20 regions per app: 19 places and the refresh region.
    public static let conditions = 20
}

/// Circular-region monitoring: `CLMonitor` on the phone, ``InMemoryRegionMonitor`` in tests.
///
/// Contract (`ProximityKitContracts.RegionMonitorContract`): ``add(_:)`` of a new id when
/// ``RegionMonitorLimit/conditions`` are monitored throws ``RegionMonitorError/limitReached(conditionID:monitored:)``
/// and changes nothing; adding an id already monitored replaces it (the count does not grow);
/// ``remove(_:)`` of an unknown id does nothing; ``conditions()`` returns what was added and not
/// removed, sorted by id. Conditions survive a relaunch (CLMonitor keeps them by monitor name);
/// ``events`` delivers changes in the order the OS saw them.
public protocol RegionMonitor: Sendable {
    /// Starts monitoring `condition` (or replaces the one with its id).
    func add(_ condition: MonitorCondition) async throws(RegionMonitorError)
    /// Stops monitoring the condition with this id.
    func remove(_ conditionID: String) async
    /// Everything monitored now, sorted by id.
    func conditions() async -> [MonitorCondition]
    /// Condition changes, as the OS reports them. One consumer.
    var events: AsyncStream<MonitorEvent> { get }
}
