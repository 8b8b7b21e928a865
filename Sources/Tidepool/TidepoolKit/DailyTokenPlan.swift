/// A device's reporting day, decided in advance on the device and independent of where it is:
/// which epochs it will hold tokens for, when it fetches them (one authenticated batch), and, per
/// epoch, the moment its report is sent. Issuance then says nothing about when or where the
/// device reports: the batch is fetched at a uniformly random moment in the hours before the day
/// (never on a location event), and each report leaves at a uniformly random moment of its epoch.
///
/// The epochs are drawn so that, with the epochs the device already holds (`holding`), no window
/// of `windowEpochs` consecutive epochs holds more than `cap`: the cap the server enforces over
/// any day's worth of epochs, so a plan's batch is never refused for crossing midnight. Epochs
/// are visited in a uniformly random order and taken while the window admits them. A policy
/// `atMostOnePer` of `s` epochs keeps two planned epochs out of the same block of `s` epochs
/// (`epoch / s`), e.g. at most one per hour.
public struct DailyTokenPlan: Sendable, Equatable {
    /// The first epoch of the planned day (inclusive).
    public let firstEpoch: Int64
    /// The epochs planned, ascending (at most the cap).
    public let epochs: [Int64]
    /// When to fetch the batch, Unix seconds (before the day's first epoch starts).
    public let fetchAt: Double

    /// Plans the `windowEpochs` epochs from `firstEpoch`.
    /// - Parameters:
    ///   - cap: the most tokens in any `windowEpochs` consecutive epochs (the server's `daily_epoch_cap`).
    ///   - windowEpochs: a day's worth of epochs (86 400 s over the schedule's length).
    ///   - holding: epochs the device already holds tokens for (the previous plan's).
    ///   - atMostOnePer: a block length in epochs; at most one planned epoch per block (nil: no limit).
    ///   - fetchLeadSeconds: the batch is fetched at a uniformly random moment in this many seconds
    ///     before the day's first epoch.
    ///   - schedule: the epoch grid.
    ///   - random: the randomness (the system generator on the device; seeded in tests).
    public static func make(
        firstEpoch: Int64, cap: Int, windowEpochs: Int64, holding: [Int64] = [], atMostOnePer: Int64? = nil,
        fetchLeadSeconds: Double = 6 * 3_600, schedule: EpochSchedule = .standard,
        using random: inout some RandomNumberGenerator
    ) -> DailyTokenPlan {
        var taken: [Int64] = []
        var blocks = Set<Int64>()
        for epoch in (firstEpoch..<(firstEpoch + max(1, windowEpochs))).shuffled(using: &random) {
            guard taken.count < cap else { break }
            if let block = atMostOnePer, block > 0, blocks.contains(Self.floorDiv(epoch, block)) { continue }
            guard Self.admits(epoch, held: holding + taken, cap: cap, windowEpochs: windowEpochs) else { continue }
            taken.append(epoch)
            if let block = atMostOnePer, block > 0 { blocks.insert(Self.floorDiv(epoch, block)) }
        }
        let start = Double(firstEpoch * schedule.lengthSeconds)
        let lead = max(0, fetchLeadSeconds)
        let fetchAt = lead > 0 ? start - Double.random(in: 0..<lead, using: &random) : start
        return DailyTokenPlan(firstEpoch: firstEpoch, epochs: taken.sorted(), fetchAt: fetchAt)
    }

    /// A uniformly random moment of `epoch` to send its report, Unix seconds.
    public static func reportMoment(
        epoch: Int64, schedule: EpochSchedule = .standard, using random: inout some RandomNumberGenerator
    ) -> Double {
        let start = Double(epoch * schedule.lengthSeconds)
        return start + Double.random(in: 0..<Double(schedule.lengthSeconds), using: &random)
    }

    /// Whether one more epoch keeps every window of `windowEpochs` containing it within `cap`.
    static func admits(_ epoch: Int64, held: [Int64], cap: Int, windowEpochs: Int64) -> Bool {
        let near = held.filter { abs($0 - epoch) < windowEpochs && $0 != epoch }
        guard near.count + 1 > cap else { return true }
        for start in (epoch - windowEpochs + 1)...epoch {
            let end = start + windowEpochs - 1
            if near.filter({ $0 >= start && $0 <= end }).count + 1 > cap { return false }
        }
        return true
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

    private init(firstEpoch: Int64, epochs: [Int64], fetchAt: Double) {
        self.firstEpoch = firstEpoch
        self.epochs = epochs
        self.fetchAt = fetchAt
    }
}
