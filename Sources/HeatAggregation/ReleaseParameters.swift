/// The published privacy parameters of a release: what `meta` of a heat read carries.
///
/// The guarantee is **per person per epoch**: one token per device per epoch bounds each
/// person to one base tile, hence one tile per level, so every mechanism has sensitivity 1 and
/// the epoch's mechanisms compose to (``epochEpsilon``, ``epochDelta``) by basic composition.
/// ``dayEpsilon`` and ``dayDelta`` are the basic-composition totals for a person reporting in
/// every epoch of a day; no tighter accounting (zCDP/RDP) is claimed.
public struct ReleaseParameters: Sendable, Equatable, Codable {
    /// Per-level parameters, finest first.
    public struct Level: Sendable, Equatable, Codable {
        /// Grid level (0 = base tiles).
        public var level: Int
        /// ε of the noisy count and partition selection.
        public var countEpsilon: Double
        /// δ of the partition selection.
        public var countDelta: Double
        /// The release threshold on noisy counts.
        public var tau: Int
        /// ε of the noisy interest vector.
        public var vectorEpsilon: Double
        /// δ of the noisy interest vector.
        public var vectorDelta: Double
        /// Standard deviation of the vector noise per coordinate (analytic Gaussian, Δ = 1).
        public var vectorSigma: Double
    }

    /// The smallest public count ever shown.
    public var kMin: Int
    /// Epoch length, seconds.
    public var epochSeconds: Int64
    /// Time a release stays readable after its epoch ends, seconds.
    public var ttlSeconds: Int64
    /// Dimension of the interest vectors (0 when disabled).
    public var vectorDimension: Int
    /// Per-level parameters.
    public var levels: [Level]
    /// Total ε per person per epoch (sum over levels and mechanisms).
    public var epochEpsilon: Double
    /// Total δ per person per epoch.
    public var epochDelta: Double
    /// Epochs in a day.
    public var epochsPerDay: Int
    /// ε per person per day under basic composition (`epochsPerDay · epochEpsilon`).
    public var dayEpsilon: Double
    /// δ per person per day under basic composition.
    public var dayDelta: Double
    /// The accounting used for the totals.
    public var accounting: String
    /// The unit the guarantee protects.
    public var unit: String

    /// The parameters of `configuration` with its calibrated mechanisms.
    init(configuration: HeatConfiguration, mechanisms: [LevelMechanisms]) {
        kMin = configuration.kMin
        epochSeconds = configuration.epochSeconds
        ttlSeconds = configuration.ttlSeconds
        vectorDimension = configuration.vectorDimension
        let usesVectors = configuration.vectorDimension > 0
        levels = zip(configuration.levels, mechanisms).enumerated().map { index, pair in
            Level(
                level: index, countEpsilon: pair.0.countEpsilon, countDelta: pair.0.countDelta,
                tau: pair.1.count.tau, vectorEpsilon: usesVectors ? pair.0.vectorEpsilon : 0,
                vectorDelta: usesVectors ? pair.0.vectorDelta : 0,
                vectorSigma: usesVectors ? pair.1.vector.sigma : 0)
        }
        epochEpsilon = levels.reduce(0) { $0 + $1.countEpsilon + $1.vectorEpsilon }
        epochDelta = levels.reduce(0) { $0 + $1.countDelta + $1.vectorDelta }
        epochsPerDay = Int(86_400 / configuration.epochSeconds)
        dayEpsilon = Double(epochsPerDay) * epochEpsilon
        dayDelta = Double(epochsPerDay) * epochDelta
        accounting = "basic composition"
        unit = "per person per epoch (one token per device per epoch: one tile per level)"
    }
}
