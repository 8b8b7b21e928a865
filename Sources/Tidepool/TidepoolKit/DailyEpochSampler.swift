/// Chooses, on the device, the few epochs of a UTC day it reports in: each epoch in which it
/// would report is taken with probability ``probability`` until ``dailyCap`` epochs of the day
/// are taken. The server enforces the same cap at token issuance (it issues at most `dailyCap`
/// tokens per device per day), which is what bounds the daily privacy loss; sampling at random
/// rather than taking the first epochs spreads a person's reports over the day.
public struct DailyEpochSampler: Sendable, Equatable {
    /// The most epochs reported in per UTC day (the server's `daily_epoch_cap`).
    public let dailyCap: Int
    /// The chance an eligible epoch is taken while the day's cap is not reached.
    public let probability: Double
    /// The epoch grid.
    public let epochs: EpochSchedule
    private var day: Int64?
    private var taken = 0
    private var decidedEpoch: Int64?
    private var decidedReport = false

    /// Creates a sampler.
    /// - Throws: ``TidepoolKitError/invalidParameter(name:value:reason:)`` for a cap below 1 or
    ///   a probability outside `(0, 1]`.
    public init(dailyCap: Int, probability: Double, epochs: EpochSchedule = .standard) throws(TidepoolKitError) {
        guard dailyCap >= 1 else {
            throw .invalidParameter(name: "dailyCap", value: Double(dailyCap), reason: "must be at least 1")
        }
        guard probability.isFinite, probability > 0, probability <= 1 else {
            throw .invalidParameter(name: "probability", value: probability, reason: "must be in (0, 1]")
        }
        self.dailyCap = dailyCap
        self.probability = probability
        self.epochs = epochs
    }

    /// Epochs taken so far in the current day.
    public var takenToday: Int { taken }

    /// Whether the device reports in `epoch` (decided once per epoch, at its first report).
    public mutating func admits(epoch: Int64, using random: inout some RandomNumberGenerator) -> Bool {
        if decidedEpoch == epoch { return decidedReport }
        let start = epoch * epochs.lengthSeconds
        let today = start >= 0 ? start / 86_400 : (start - 86_399) / 86_400
        if day != today {
            day = today
            taken = 0
        }
        let report = taken < dailyCap && Double.random(in: 0..<1, using: &random) < probability
        if report { taken += 1 }
        decidedEpoch = epoch
        decidedReport = report
        return report
    }
}
