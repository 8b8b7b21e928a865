import HeatAggregation

/// What `loci tidepool simulate` runs.
public struct SimulationOptions: Sendable, Equatable {
    /// Simulated users.
    public var users: Int = 20_000
    /// Epochs simulated (``epochMinutes`` each).
    public var epochs: Int = 8
    /// Epoch length, minutes (15 or 60: one report per device per epoch).
    public var epochMinutes: Int = 15
    /// Whether the releases noise every tile of the public domain (the tiles holding a place of
    /// the store) instead of selecting partitions among the tiles with reports.
    public var publicDomain: Bool = false
    /// Over a public domain, the expected empty tiles shown per release.
    public var expectedNoiseOnlyTiles: Double = HeatConfiguration.recommendedExpectedNoiseOnlyTiles
    /// Fraction of each epoch's ρ for each of the two coarser levels' counts (≈300 m and ≈600 m,
    /// count-only there), so sparse areas can show at a coarser level; the base level keeps the
    /// rest, 60:40 between its count and its facets. 0 (the default): the base level only.
    public var parentShare: Double = 0
    /// ε per person per day the budgets are planned for (zCDP over ``dailyEpochs``).
    public var epsilon: Double = 2
    /// δ per person per day.
    public var delta: Double = 1e-5
    /// The most epochs a device reports in per day (the server's token cap).
    public var dailyEpochs: Int = 8
    /// The chance a device takes an epoch it could report in, while under the daily cap
    /// (1: the first `dailyEpochs` epochs away from Home).
    public var reportProbability: Double = 1
    /// Whether reports carry the nearest interest facet (the topics are the codebook); false
    /// gives the count-only release.
    public var facets: Bool = true
    /// The smallest public count.
    public var kMin: Int = 5
    /// Interest-vector dimension (384: all-MiniLM-L6-v2's; the vectors are synthetic).
    public var dimension: Int = 384
    /// Random topics the synthetic interests mix.
    public var topics: Int = 24
    /// Local hour of day at the start of the first epoch.
    public var startHour: Double = 17
    /// Seed of the synthetic population and the (then not private) noise.
    public var seed: UInt64 = 1
    /// Reports per epoch that go through real RSA blind tokens (the rest use the same ledger
    /// and spent-nonce checks with unsigned random nonces); `nil` = all.
    public var tokenReports: Int?
    /// Radius around sensitive places (schools, clinics, …) whose tiles are suppressed, metres.
    public var sensitiveRadius: Double = 50
    /// Viewers sampled for the intensity-versus-similarity measure.
    public var viewers: Int = 200

    /// The defaults above.
    public init() {}
}
