import DeviceContracts
import ProximityKit

/// The contract of ``ProximityKit/SignificantChangeSource``.
public enum SignificantChangeContract {
    /// Checks that ``SignificantChangeSource/isRunning`` follows start and stop, and that starting
    /// twice is the same as once. Leaves the source stopped.
    public static func violations(of source: some SignificantChangeSource) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        await source.start()
        await source.start()
        if await !source.isRunning { found.append(.init(rule: "start() starts", observed: "not running")) }
        await source.stop()
        if await source.isRunning { found.append(.init(rule: "stop() stops", observed: "still running")) }
        return found
    }
}

/// The contract of ``ProximityKit/OneShotLocator``.
public enum OneShotLocatorContract {
    /// Asks twice: each answer is a fix with a non-negative accuracy, the second no older than
    /// the first, or a typed error.
    public static func violations(of locator: some OneShotLocator) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        let first = try? await locator.currentFix()
        let second = try? await locator.currentFix()
        for fix in [first, second].compactMap({ $0 }) where !(fix.accuracy >= 0) || !fix.time.isFinite {
            found.append(.init(rule: "a fix has a valid accuracy and time", observed: "\(fix)"))
        }
        if let first, let second, second.time < first.time {
            found.append(.init(rule: "a later fix is no older", observed: "\(first.time) then \(second.time)"))
        }
        return found
    }
}

/// The contract of ``ProximityKit/MotionActivitySource``.
public enum MotionActivityContract {
    /// Checks that availability does not change between reads.
    public static func violations(of source: some MotionActivitySource) -> [ContractViolation] {
        let first = source.isAvailable
        return source.isAvailable == first ? [] : [.init(rule: "isAvailable is stable", observed: "changed")]
    }
}
