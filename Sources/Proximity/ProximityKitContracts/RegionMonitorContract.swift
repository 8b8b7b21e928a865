import DeviceContracts
import GeoKit
import ProximityKit

/// The contract of ``ProximityKit/RegionMonitor``, checked against any implementation.
public enum RegionMonitorContract {
    /// Checks `monitor`, which must start empty (it is left empty): 20 conditions are accepted,
    /// the 21st is refused without changing anything, re-adding an id replaces it, removing an
    /// unknown id does nothing, and ``RegionMonitor/conditions()`` lists what is monitored by id.
    ///
    /// - Parameter center: where to put the test circles (a live adapter wants somewhere real).
    public static func violations(of monitor: some RegionMonitor, around center: Coordinate) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        let start = await monitor.conditions()
        guard start.isEmpty else {
            return [ContractViolation(rule: "the contract starts from an empty monitor", observed: "\(start.count) conditions")]
        }
        func condition(_ index: Int, radius: Double = 150) -> MonitorCondition {
            let point = (try? Spherical.destination(from: center, bearing: Double(index) * 18, distance: 1_000)) ?? center
            return MonitoredRegion(id: String(format: "contract:%02d", index), center: point, radius: radius, notifyOnEntry: true)
        }
        for index in 0..<RegionMonitorLimit.conditions {
            do { try await monitor.add(condition(index)) } catch {
                found.append(.init(rule: "up to 20 conditions are accepted", observed: "condition \(index + 1) refused: \(error)"))
            }
        }
        do {
            try await monitor.add(condition(RegionMonitorLimit.conditions))
            found.append(.init(rule: "the 21st condition is refused", observed: "it was accepted"))
        } catch {
            if case .limitReached = error {} else {
                found.append(.init(rule: "the 21st condition is refused as limitReached", observed: "\(error)"))
            }
        }
        let full = await monitor.conditions()
        if full.count != RegionMonitorLimit.conditions {
            found.append(.init(rule: "a refused add changes nothing", observed: "\(full.count) conditions"))
        }
        if full.map(\.id) != full.map(\.id).sorted() {
            found.append(.init(rule: "conditions() is sorted by id", observed: "\(full.map(\.id))"))
        }
        do { try await monitor.add(condition(3, radius: 400)) } catch {
            found.append(.init(rule: "re-adding a monitored id replaces it, even at the limit", observed: "\(error)"))
        }
        let replaced = await monitor.conditions()
        if replaced.count != RegionMonitorLimit.conditions || replaced.first(where: { $0.id == condition(3).id })?.radius != 400 {
            found.append(.init(rule: "re-adding a monitored id replaces it", observed: "\(replaced.count) conditions"))
        }
        await monitor.remove("contract:unknown")
        if await monitor.conditions().count != RegionMonitorLimit.conditions {
            found.append(.init(rule: "removing an unknown id does nothing", observed: "the count changed"))
        }
        for index in 0..<RegionMonitorLimit.conditions { await monitor.remove(condition(index).id) }
        let end = await monitor.conditions()
        if !end.isEmpty { found.append(.init(rule: "removed conditions are gone", observed: "\(end.count) left")) }
        return found
    }
}
