import GeoKit
import ProximityFeature
import ProximityKit
import Testing

/// The phone around the app during a recorded track: the OS sees every fix, the app only what
/// wakes it. Mirrors `TrackReplay`'s wake-up models, but every event goes through the fakes
/// (the region monitor decides the crossings of the conditions the model gave it, the one-shot
/// locator answers, significant change delivers only while started) into a ``TrackingModel``.
@MainActor
struct PhoneSimulator {
    let device: Device
    let ios = IOSWakeupModel()
    /// Called after every fix with the model of the moment (for invariants).
    var check: (TrackingModel, Int) -> Void = { _, _ in }
    /// Called before fix `index` is looked at; may return a replacement model (a relaunch) or
    /// change the device (a permission change).
    var before: (Int, TrackingModel) async -> TrackingModel? = { _, _ in nil }

    init(device: Device) { self.device = device }

    private enum Wake {
        case region(MonitorEvent)
        case significantChange
        case followUp
    }

    /// Every fix reaches the app (open in the foreground).
    func runEveryFix(_ fixes: [LocationFix], model start: TrackingModel) async {
        var model = start
        for (index, fix) in fixes.enumerated() {
            if let replacement = await before(index, model) { model = replacement }
            device.clock.set(fix.time)
            await model.handle(.fix(fix))
            check(model, index)
        }
    }

    /// iOS wake-ups: region crossings `regionDelay` late, significant change, follow-up fixes.
    func runIOS(_ fixes: [LocationFix], model start: TrackingModel) async {
        guard let first = fixes.first else { return }
        var model = start
        device.clock.set(first.time)
        await model.handle(.fix(first))
        check(model, 0)
        var lastSignificant = first
        var pending: (due: Double, wake: Wake)?
        var previous = first
        for index in fixes.indices.dropFirst() {
            let fix = fixes[index]
            if let replacement = await before(index, model) { model = replacement }
            device.clock.set(fix.time)
            device.locator.set(fix)
            if let wake = pending, fix.time >= wake.due {
                pending = nil
                switch wake.wake {
                case .region(let event): await model.handle(.monitor(event))
                case .significantChange:
                    if device.significant.deliver(fix) { await model.handle(.significantChange(fix)) }
                    lastSignificant = fix
                case .followUp: await model.requestFollowUp()
                }
                if model.status.wantsLocation { pending = (fix.time + ios.followUpDelay, .followUp) }
            }
            check(model, index)
            guard pending == nil else {
                previous = fix
                continue
            }
            let order = model.plannedRegions.map(\.id)
            let crossings = device.monitor.move(from: previous.coordinate, to: fix.coordinate, time: fix.time)
            if let event = crossings.min(by: { (order.firstIndex(of: $0.conditionID) ?? .max) < (order.firstIndex(of: $1.conditionID) ?? .max) }) {
                pending = (fix.time + ios.regionDelay, .region(event))
            }
            if pending == nil, device.significant.isRunning, fix.time - lastSignificant.time >= ios.significantInterval,
                Haversine.distance(fix.coordinate, lastSignificant.coordinate) >= ios.significantDistance
            {
                pending = (fix.time + ios.significantDelay, .significantChange)
            }
            previous = fix
        }
    }
}
