/// The privacy parameters of one grid level in one epoch, in zero-concentrated DP: the count
/// mechanism's ρ and partition-selection δ, and the facet histogram's ρ. A person counts once
/// per level per epoch (one token), so both mechanisms have L2 sensitivity 1.
public struct LevelBudget: Sendable, Equatable, Codable {
    /// ρ of the noisy count (discrete Gaussian, σ² = 1/(2ρ)); 0 disables the level (nothing is
    /// released at it and it costs nothing).
    public var countRho: Double
    /// ρ of the noisy facet histogram of a released tile; 0 releases the level count-only.
    public var facetRho: Double
    /// δ of the partition selection (the most a single-contributor tile may be released with).
    public var selectionDelta: Double

    /// Creates a level budget.
    public init(countRho: Double, facetRho: Double, selectionDelta: Double) {
        self.countRho = countRho
        self.facetRho = facetRho
        self.selectionDelta = selectionDelta
    }

    /// A level that is never released.
    public static let disabled = LevelBudget(countRho: 0, facetRho: 0, selectionDelta: 0)

    /// Whether the level is released at all.
    public var isEnabled: Bool { countRho > 0 }
}

/// The share of an epoch's ρ one level gets, for the count and for the facets.
public struct LevelShare: Sendable, Equatable, Codable {
    /// Fraction of the epoch's ρ for the level's count (0 disables the level).
    public var count: Double
    /// Fraction of the epoch's ρ for the level's facet histogram.
    public var facets: Double

    /// Creates a share.
    public init(count: Double, facets: Double) {
        self.count = count
        self.facets = facets
    }

    /// The default: the base level only, 60 % of ρ to counts and 40 % to facets; the ≈300 m
    /// and ≈600 m roll-ups are off (see `docs/tidepool.md`: they released 0.1 tiles per epoch
    /// at Helsinki scale even with today's per-epoch budget, and at a daily budget their τ would
    /// be higher still).
    public static let recommended = [
        LevelShare(count: 0.6, facets: 0.4), LevelShare(count: 0, facets: 0), LevelShare(count: 0, facets: 0),
    ]
}

extension LevelBudget {
    /// The per-level budgets meeting a daily (ε, δ) for a person who reports in at most
    /// `dailyEpochCap` epochs a day.
    ///
    /// With `selection` (partition selection over the tiles that have reports), half of δ goes
    /// to the zCDP → DP conversion (``HeatConfiguration/conversionDelta``), the other half to
    /// partition selection, split equally over the cap's epochs and the enabled levels; without
    /// (a public tile domain) all of δ goes to the conversion. The day's ρ is the largest whose CKS conversion at that δ is at most ε
    /// (``ZeroConcentratedConversion/rho(forEpsilon:delta:)``); each epoch gets `ρ / cap`,
    /// shared per ``LevelShare`` (shares are normalised to sum to 1).
    public static func daily(
        epsilon: Double, delta: Double, dailyEpochCap: Int, shares: [LevelShare], selection: Bool = true
    ) -> [LevelBudget] {
        let total = shares.reduce(0) { $0 + max(0, $1.count) + ($1.count > 0 ? max(0, $1.facets) : 0) }
        let enabled = shares.filter { $0.count > 0 }.count
        guard total > 0, enabled > 0, dailyEpochCap > 0 else { return shares.map { _ in .disabled } }
        let conversion = selection ? delta / 2 : delta
        let epochRho =
            ZeroConcentratedConversion.rho(forEpsilon: epsilon, delta: conversion) / Double(dailyEpochCap)
        let selectionDelta = selection ? delta / 2 / Double(dailyEpochCap * enabled) : 0
        return shares.map { share in
            guard share.count > 0 else { return .disabled }
            return LevelBudget(
                countRho: epochRho * share.count / total, facetRho: epochRho * max(0, share.facets) / total,
                selectionDelta: selectionDelta)
        }
    }
}
