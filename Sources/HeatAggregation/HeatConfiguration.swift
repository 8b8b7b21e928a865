/// Everything the server publishes about how an epoch is aggregated.
public struct HeatConfiguration: Sendable, Equatable, Codable {
    /// Epoch length, seconds (default 15 min). Epoch `e` covers `[e·length, (e + 1)·length)`
    /// in Unix seconds.
    public var epochSeconds: Int64
    /// How long a release stays readable after its epoch ends, seconds (at most 30 min).
    public var ttlSeconds: Int64
    /// The smallest public count ever shown (the seed's k_min); τ is never below it.
    public var kMin: Int
    /// One budget per grid level, finest first; the count must equal the tiler's levels.
    public var levels: [LevelBudget]
    /// Dimension of interest vectors (384 for all-MiniLM-L6-v2; 0 disables vectors).
    public var vectorDimension: Int

    /// The most a TTL may be, seconds.
    public static let maximumTTLSeconds: Int64 = 1_800

    /// The recommended configuration: 15-minute epochs, a 30-minute TTL, k_min = 5 and
    /// ε = 4, δ = 6·10⁻⁶ per person per epoch split by ``LevelBudget/split(epsilon:delta:levels:)``.
    public static let recommended = HeatConfiguration(
        epochSeconds: 900, ttlSeconds: 1_800, kMin: 5,
        levels: LevelBudget.split(epsilon: 4, delta: 6e-6, levels: 3), vectorDimension: 384)

    /// Creates a configuration (checked by ``validated()`` when an aggregator is made).
    public init(
        epochSeconds: Int64, ttlSeconds: Int64, kMin: Int, levels: [LevelBudget], vectorDimension: Int
    ) {
        self.epochSeconds = epochSeconds
        self.ttlSeconds = ttlSeconds
        self.kMin = kMin
        self.levels = levels
        self.vectorDimension = vectorDimension
    }

    /// The epoch containing a Unix time, seconds.
    public func epoch(containing unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / epochSeconds : (unixSeconds - epochSeconds + 1) / epochSeconds
    }

    /// Builds the per-level mechanisms, refusing out-of-range settings.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` naming the field.
    public func mechanisms() throws(HeatAggregationError) -> [LevelMechanisms] {
        guard epochSeconds >= 60, epochSeconds <= 86_400 else {
            throw .invalidParameter(
                name: "epochSeconds", value: Double(epochSeconds), reason: "must be in 60...86400")
        }
        guard ttlSeconds >= 0, ttlSeconds <= Self.maximumTTLSeconds else {
            throw .invalidParameter(
                name: "ttlSeconds", value: Double(ttlSeconds), reason: "must be in 0...1800")
        }
        guard vectorDimension >= 0, vectorDimension <= 4_096 else {
            throw .invalidParameter(
                name: "vectorDimension", value: Double(vectorDimension), reason: "must be in 0...4096")
        }
        guard !levels.isEmpty else {
            throw .invalidParameter(name: "levels", value: 0, reason: "at least one level budget is needed")
        }
        var result: [LevelMechanisms] = []
        for budget in levels {
            result.append(
                LevelMechanisms(
                    count: try NoisyThreshold(
                        epsilon: budget.countEpsilon, delta: budget.countDelta, kMin: kMin),
                    vector: try AnalyticGaussian(epsilon: budget.vectorEpsilon, delta: budget.vectorDelta)))
        }
        return result
    }
}

/// The calibrated mechanisms of one level.
public struct LevelMechanisms: Sendable, Equatable {
    /// Noisy count with partition selection.
    public let count: NoisyThreshold
    /// Gaussian noise for the summed interest vector (L2 sensitivity 1).
    public let vector: AnalyticGaussian
}

extension HeatConfiguration {
    /// The parameters every release made with this configuration publishes (what a heat
    /// read's `meta` carries even before the first release exists).
    /// - Throws: the errors of ``mechanisms()``.
    public func publishedParameters() throws(HeatAggregationError) -> ReleaseParameters {
        ReleaseParameters(configuration: self, mechanisms: try mechanisms())
    }
}
