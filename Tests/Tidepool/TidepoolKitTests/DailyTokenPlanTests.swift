import LociTestSupport
import Testing
import TidepoolKit

/// The day's token plan: the cap over any day's worth of epochs, and the linking test (an
/// adversary joining the issuance log to the report log by time links no better than chance).
@Suite("Daily token plan")
struct DailyTokenPlanTests {
    static let window: Int64 = 96
    static let cap = 8

    @Test("consecutive days' plans never put more than the cap in any day's worth of epochs")
    func capOverAnyWindow() {
        var rng = SeededGenerator(seed: 11)
        var held: [Int64] = []
        for day in Int64(0)..<20 {
            let plan = DailyTokenPlan.make(
                firstEpoch: 20_000 * Self.window + day * Self.window, cap: Self.cap, windowEpochs: Self.window,
                holding: held.filter { $0 > (20_000 + day) * Self.window - Self.window }, using: &rng)
            #expect(plan.epochs.count <= Self.cap)
            #expect(plan.fetchAt < Double(plan.firstEpoch * 900))
            held += plan.epochs
        }
        let sorted = held.sorted()
        for (index, epoch) in sorted.enumerated() {
            let inWindow = sorted[index...].prefix { $0 < epoch + Self.window }.count
            #expect(inWindow <= Self.cap, "window from \(epoch) holds \(inWindow)")
        }
        #expect(held.count > 20 * Self.cap / 2)
        // A policy of at most one per four epochs (one an hour of 15-minute epochs).
        let hourly = DailyTokenPlan.make(
            firstEpoch: 0, cap: Self.cap, windowEpochs: Self.window, atMostOnePer: 4, using: &rng)
        #expect(Set(hourly.epochs.map { $0 / 4 }).count == hourly.epochs.count)
    }

    /// Issuances (device, time) and reports (time, device as truth).
    struct Logs {
        var issuances: [(device: Int, time: Double)] = []
        var reports: [(time: Double, device: Int)] = []
    }

    /// `devices` devices through a day: the planned batch fetch, or (`perReport`) today's fetch
    /// a fraction of a second before each report.
    static func simulate(devices: Int, perReport: Bool, seed: UInt64) -> Logs {
        var rng = SeededGenerator(seed: seed)
        var logs = Logs()
        let first: Int64 = 20_000 * window
        for device in 0..<devices {
            let plan = DailyTokenPlan.make(firstEpoch: first, cap: cap, windowEpochs: window, using: &rng)
            if !perReport { logs.issuances.append((device, plan.fetchAt)) }
            for epoch in plan.epochs {
                let moment = DailyTokenPlan.reportMoment(epoch: epoch, using: &rng)
                if perReport { logs.issuances.append((device, moment - Double.random(in: 0.05...0.5, using: &rng))) }
                logs.reports.append((moment, device))
            }
        }
        return logs
    }

    /// Share of reports attributed to their device by the nearest preceding issuance.
    static func nearestPreceding(_ logs: Logs) -> Double {
        let issuances = logs.issuances.sorted { $0.time < $1.time }
        var right = 0
        for report in logs.reports {
            let guess = issuances.last { $0.time <= report.time }?.device
            if guess == report.device { right += 1 }
        }
        return Double(right) / Double(max(1, logs.reports.count))
    }

    /// Share of devices whose first report is matched by rank: the k-th issuing device is guessed
    /// to be the sender of the k-th device's first report (order of issuance against order of
    /// first appearance).
    static func rankMatch(_ logs: Logs) -> Double {
        let issuing = logs.issuances.sorted { $0.time < $1.time }.map(\.device)
        var firstSeen: [Int: Double] = [:]
        for report in logs.reports where report.time < firstSeen[report.device] ?? .infinity {
            firstSeen[report.device] = report.time
        }
        let reporting = firstSeen.sorted { $0.value < $1.value }.map(\.key)
        let right = zip(issuing, reporting).filter { $0 == $1 }.count
        return Double(right) / Double(max(1, reporting.count))
    }

    @Test("joining issuance to reports by time links no better than chance; the per-report fetch links nearly all")
    func linking() {
        let devices = 300
        let chance = 1.0 / Double(devices)
        let planned = Self.simulate(devices: devices, perReport: false, seed: 5)
        #expect(planned.reports.count > devices * Self.cap / 2)
        // Chance: 1/300 ≈ 0.0033. Bound with margin: 4× chance.
        #expect(Self.nearestPreceding(planned) <= 4 * chance, "\(Self.nearestPreceding(planned))")
        #expect(Self.rankMatch(planned) <= 4 * chance, "\(Self.rankMatch(planned))")
        // The broken scheme (today's fetch milliseconds before each report) fails by far.
        let broken = Self.simulate(devices: devices, perReport: true, seed: 5)
        #expect(Self.nearestPreceding(broken) >= 0.9, "\(Self.nearestPreceding(broken))")
    }
}
