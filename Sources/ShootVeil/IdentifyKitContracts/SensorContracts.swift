import DeviceContracts
import IdentifyKit

/// The contract of ``IdentifyKit/AttitudeSource``.
public enum AttitudeSourceContract {
    /// Checks that availability is stable and that ``AttitudeSource/isRunning`` follows start
    /// and stop (starting twice is the same as once). Leaves the source stopped.
    public static func violations(of source: some AttitudeSource) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        let available = source.isAvailable
        if source.isAvailable != available {
            found.append(.init(rule: "isAvailable is stable", observed: "changed between reads"))
        }
        await source.start()
        await source.start()
        if await !source.isRunning { found.append(.init(rule: "start() starts", observed: "not running")) }
        await source.stop()
        if await source.isRunning { found.append(.init(rule: "stop() stops", observed: "still running")) }
        return found
    }

    /// Checks delivered samples: unit quaternions within 1e-3, times that never go backwards.
    public static func violations(of samples: [AttitudeSample]) -> [ContractViolation] {
        var found: [ContractViolation] = []
        for sample in samples where !(abs(sample.quaternion.norm - 1) <= 1e-3) {
            found.append(.init(rule: "a sample is a unit quaternion", observed: "\(sample.quaternion)"))
        }
        for (earlier, later) in zip(samples, samples.dropFirst()) where later.time < earlier.time {
            found.append(.init(rule: "times never go backwards", observed: "\(earlier.time) then \(later.time)"))
        }
        return found
    }
}

/// The contract of ``IdentifyKit/HeadingSource``.
public enum HeadingSourceContract {
    /// Checks that ``HeadingSource/isRunning`` follows start and stop. Leaves the source stopped.
    public static func violations(of source: some HeadingSource) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        await source.start()
        await source.start()
        if await !source.isRunning { found.append(.init(rule: "start() starts", observed: "not running")) }
        await source.stop()
        if await source.isRunning { found.append(.init(rule: "stop() stops", observed: "still running")) }
        return found
    }

    /// Checks delivered samples: a valid one has a true heading in 0..<360 and a finite accuracy.
    public static func violations(of samples: [HeadingSample]) -> [ContractViolation] {
        samples.filter { $0.isValid && !($0.trueHeading < 360) }.map {
            .init(rule: "a valid true heading is within 0..<360", observed: "\($0.trueHeading)")
        }
    }
}

/// The contract of ``IdentifyKit/CaptureLocationSource``.
public enum CaptureLocationContract {
    /// Checks that ``CaptureLocationSource/isRunning`` follows stop. Leaves the source stopped.
    public static func violations(of source: some CaptureLocationSource) async -> [ContractViolation] {
        await source.start()
        await source.stop()
        return await source.isRunning ? [.init(rule: "stop() stops", observed: "still running")] : []
    }
}
