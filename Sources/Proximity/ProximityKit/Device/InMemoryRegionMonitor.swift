import GeoKit
import LockedState

/// A ``RegionMonitor`` in memory: keeps the conditions (as CLMonitor keeps them across a
/// relaunch, so one instance can outlive two models), refuses the 21st, and reports crossings
/// when a test moves the device with ``move(from:to:time:)``. Records the largest count it ever held.
public final class InMemoryRegionMonitor: RegionMonitor {
    private struct State {
        var conditions: [String: MonitorCondition] = [:]
        var highWater = 0
        var changes = 0
    }

    private let state = Locked(State())
    private let stream: AsyncStream<MonitorEvent>
    private let continuation: AsyncStream<MonitorEvent>.Continuation

    /// An empty monitor.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
    }

    /// Adds or replaces; throws past ``RegionMonitorLimit/conditions``.
    public func add(_ condition: MonitorCondition) async throws(RegionMonitorError) {
        guard condition.radius.isFinite, condition.radius > 0 else {
            throw .invalidRadius(conditionID: condition.id, radius: condition.radius)
        }
        try state.withLock { (state: inout State) throws(RegionMonitorError) in
            if state.conditions[condition.id] == nil, state.conditions.count >= RegionMonitorLimit.conditions {
                throw .limitReached(conditionID: condition.id, monitored: state.conditions.count)
            }
            state.conditions[condition.id] = condition
            state.highWater = max(state.highWater, state.conditions.count)
            state.changes += 1
        }
    }

    /// Removes the condition, if monitored.
    public func remove(_ conditionID: String) async {
        state.withLock { state in
            if state.conditions.removeValue(forKey: conditionID) != nil { state.changes += 1 }
        }
    }

    /// The conditions, sorted by id.
    public func conditions() async -> [MonitorCondition] { snapshot }

    /// The conditions now, sorted by id (synchronous, for tests).
    public var snapshot: [MonitorCondition] {
        state.withLock { $0.conditions.values.sorted { $0.id < $1.id } }
    }

    /// The most conditions ever monitored at once.
    public var highWaterMark: Int { state.withLock { $0.highWater } }

    /// How many adds and removes changed something.
    public var changeCount: Int { state.withLock { $0.changes } }

    /// The events.
    public var events: AsyncStream<MonitorEvent> { stream }

    /// The device moved from `from` to `to` at `time`: the crossings the OS would see (entering
    /// an entry condition, leaving an exit condition), sorted by condition id, also yielded on
    /// ``events``.
    @discardableResult
    public func move(from: Coordinate, to: Coordinate, time: Double) -> [MonitorEvent] {
        let found = snapshot.compactMap { condition -> MonitorEvent? in
            let now = Haversine.distance(condition.center, to), before = Haversine.distance(condition.center, from)
            if condition.notifyOnEntry, now <= condition.radius, before > condition.radius {
                return MonitorEvent(conditionID: condition.id, state: .satisfied, time: time)
            }
            if !condition.notifyOnEntry, now > condition.radius, before <= condition.radius {
                return MonitorEvent(conditionID: condition.id, state: .unsatisfied, time: time)
            }
            return nil
        }
        for event in found { continuation.yield(event) }
        return found
    }

    /// Yields an event as the OS would (a relaunch event, say).
    public func emit(_ event: MonitorEvent) { continuation.yield(event) }
}
