/// The published privacy parameters of a release: what `meta` of a heat read and
/// `/v1/privacy` carry, every step of the accounting with its numbers.
///
/// The unit is an App Attest key (one installation of the app on one device), through its
/// tokens: one token per key per epoch bounds it to one base tile (so one tile per level) per
/// epoch, and at most ``dailyEpochCap`` tokens per key in any 24 hours (enforced at issuance
/// across nodes) bound the epochs it appears in. Each
/// mechanism (a level's noisy count, a level's facet histogram) adds discrete Gaussian noise
/// at L2 sensitivity 1, so it is `1/(2σ²)`-zCDP (Canonne, Kamath & Steinke 2020, Theorem 4);
/// partition selection adds its δ_τ (approximate zCDP, Bun & Steinke 2016 §8: the δs add).
/// Composition adds ρ and δ_τ: per epoch over the mechanisms, per day over the cap's epochs.
/// The day's ρ is converted to (ε, δ′) by CKS Corollary 13 (``ZeroConcentratedConversion``),
/// and the day's δ is δ′ plus the selection δs.
public struct ReleaseParameters: Sendable, Equatable, Codable {
    /// Per-level parameters, finest first.
    public struct Level: Sendable, Equatable, Codable {
        /// Grid level (0 = base tiles).
        public var level: Int
        /// Whether tiles of this level are released at all.
        public var enabled: Bool
        /// ρ of the noisy count (exact, from the rational σ² used).
        public var countRho: Double
        /// σ of the count noise.
        public var countSigma: Double
        /// The claimed δ of the partition selection.
        public var countDelta: Double
        /// The exact probability that a tile with one contributor is released, `P(Z ≥ τ − 1)`.
        public var singleContributorRelease: Double
        /// The release threshold on noisy counts (0 when disabled).
        public var tau: Int
        /// ε of the count mechanism alone in one epoch, at ``ReleaseParameters/conversionDelta``.
        public var countEpsilon: Double
        /// ρ of the facet histogram (0: count-only).
        public var facetRho: Double
        /// σ of each facet cell's noise (0: count-only).
        public var facetSigma: Double
        /// ε of the facet mechanism alone in one epoch, at ``ReleaseParameters/conversionDelta``.
        public var facetEpsilon: Double
    }

    /// The smallest public count ever shown.
    public var kMin: Int
    /// Epoch length, seconds.
    public var epochSeconds: Int64
    /// Time a release stays readable after its epoch ends, seconds.
    public var ttlSeconds: Int64
    /// Number of facets of the histograms (0: count-only).
    public var facetCount: Int
    /// The facet codebook's version (empty: count-only).
    public var facetCodebookVersion: String
    /// Per-level parameters.
    public var levels: [Level]
    /// ρ per person per epoch (sum over levels and mechanisms).
    public var epochRho: Double
    /// Partition-selection δ per person per epoch (sum over the enabled levels).
    public var epochSelectionDelta: Double
    /// ε per person per epoch (the epoch's ρ converted at ``conversionDelta``).
    public var epochEpsilon: Double
    /// δ per person per epoch (``conversionDelta`` + ``epochSelectionDelta``).
    public var epochDelta: Double
    /// Epochs in a day.
    public var epochsPerDay: Int
    /// The most epochs a unit (an App Attest key) reports in over any 24 hours (enforced at
    /// token issuance).
    public var dailyEpochCap: Int
    /// ρ per person per day (`dailyEpochCap · epochRho`).
    public var dayRho: Double
    /// δ′ of the zCDP → DP conversion.
    public var conversionDelta: Double
    /// ε per person per day: the day's ρ by CKS Corollary 13 at ``conversionDelta``.
    public var dayEpsilon: Double
    /// δ per person per day: ``conversionDelta`` + `dailyEpochCap · epochSelectionDelta`.
    public var dayDelta: Double
    /// The daily ε promised (the configuration's target).
    public var targetDayEpsilon: Double
    /// The daily δ promised.
    public var targetDayDelta: Double
    /// Whether ``dayEpsilon`` and ``dayDelta`` are within the targets.
    public var withinDayTarget: Bool
    /// The accounting used for the totals.
    public var accounting: String
    /// The unit the guarantee protects.
    public var unit: String
    /// The neighbour relation the guarantee is stated for.
    public var neighbourRelation: String?
    /// The window the day's figures hold for, and how the cap is enforced.
    public var window: String?
    /// The most epochs one unit can report in over any 24 consecutive hours (the issuance cap
    /// holds over any 24 hours, so this is K: the day's figures hold for any 24 hours).
    public var anyDayEpochCap: Int?
    /// ε over any 24 hours (``anyDayEpochCap`` epochs composed, at ``conversionDelta``).
    public var anyDayEpsilon: Double?
    /// δ over any 24 hours.
    public var anyDayDelta: Double?
    /// ε over any 7 days (7 · K epochs composed in zCDP, converted at ``conversionDelta``).
    public var weekEpsilon: Double?
    /// δ over any 7 days (``conversionDelta`` + 7 · K selection δs).
    public var weekDelta: Double?
    /// ε over any 365 days.
    public var yearEpsilon: Double?
    /// δ over any 365 days.
    public var yearDelta: Double?
    /// Base tiles of the public domain every release noises in full (nil or 0: partition
    /// selection over the tiles with reports; τ is then a release threshold with its δ).
    public var publicDomainSize: Int?

    /// The parameters of `configuration` with its calibrated mechanisms.
    init(configuration: HeatConfiguration, mechanisms: [LevelMechanisms]) {
        let conversion = configuration.conversionDelta
        kMin = configuration.kMin
        epochSeconds = configuration.epochSeconds
        ttlSeconds = configuration.ttlSeconds
        facetCount = configuration.facetCount
        facetCodebookVersion = configuration.facetCount > 0 ? configuration.facetCodebookVersion : ""
        levels = zip(configuration.levels, mechanisms).enumerated().map { index, pair in
            let (budget, mechanism) = pair
            guard let count = mechanism.count else {
                return Level(
                    level: index, enabled: false, countRho: 0, countSigma: 0, countDelta: 0,
                    singleContributorRelease: 0, tau: 0, countEpsilon: 0, facetRho: 0, facetSigma: 0,
                    facetEpsilon: 0)
            }
            let facetRho = mechanism.facets?.rho ?? 0
            return Level(
                level: index, enabled: true, countRho: count.noise.rho, countSigma: count.noise.sigma,
                countDelta: budget.selectionDelta, singleContributorRelease: count.singleContributorRelease,
                tau: count.tau,
                countEpsilon: ZeroConcentratedConversion.epsilon(rho: count.noise.rho, delta: conversion),
                facetRho: facetRho, facetSigma: mechanism.facets?.sigma ?? 0,
                facetEpsilon: ZeroConcentratedConversion.epsilon(rho: facetRho, delta: conversion))
        }
        epochRho = levels.reduce(0) { $0 + $1.countRho + $1.facetRho }
        // The selection δ actually spent is the exact single-contributor release probability
        // (never more than the claimed δ_τ).
        epochSelectionDelta = levels.reduce(0) { $0 + $1.singleContributorRelease }
        conversionDelta = conversion
        epochEpsilon = ZeroConcentratedConversion.epsilon(rho: epochRho, delta: conversion)
        epochDelta = conversion + epochSelectionDelta
        epochsPerDay = configuration.epochsPerDay
        dailyEpochCap = configuration.dailyEpochCap
        dayRho = Double(configuration.dailyEpochCap) * epochRho
        dayEpsilon = ZeroConcentratedConversion.epsilon(rho: dayRho, delta: conversion)
        dayDelta = conversion + Double(configuration.dailyEpochCap) * epochSelectionDelta
        targetDayEpsilon = configuration.targetDayEpsilon
        targetDayDelta = configuration.targetDayDelta
        withinDayTarget = dayEpsilon <= configuration.targetDayEpsilon && dayDelta <= configuration.targetDayDelta
        publicDomainSize = configuration.publicDomainSize > 0 ? configuration.publicDomainSize : nil
        let cap = configuration.dailyEpochCap
        neighbourRelation =
            "add or remove one App Attest key's reports of any 24 hours (at most \(cap) epochs, one base tile "
            + "and at most one facet each)"
        window =
            "any 24 hours: at most \(cap) tokens per App Attest key for the epochs of any 24 consecutive hours, "
            + "enforced at issuance across nodes, so the day's figures hold for any 24 hours, not only UTC days"
        let rho = epochRho
        let selection = epochSelectionDelta
        func horizon(_ epochs: Int) -> (Double, Double) {
            (
                ZeroConcentratedConversion.epsilon(rho: Double(epochs) * rho, delta: conversion),
                conversion + Double(epochs) * selection
            )
        }
        (anyDayEpsilon, anyDayDelta) = horizon(cap)
        anyDayEpochCap = cap
        (weekEpsilon, weekDelta) = horizon(7 * cap)
        (yearEpsilon, yearDelta) = horizon(365 * cap)
        accounting =
            configuration.publicDomainSize > 0
            ? "zCDP: discrete Gaussian mechanisms (rho = 1/(2 sigma^2) each, sensitivity 1) on every tile of a public "
                + "domain of \(configuration.publicDomainSize) base tiles and their parents (tau is a display "
                + "threshold: post-processing, no delta), added over levels, facets and at most "
                + "\(configuration.dailyEpochCap) epochs a day; rho converted to (epsilon, delta') by "
                + "Canonne-Kamath-Steinke 2020 Corollary 13"
            : "approximate zCDP: discrete Gaussian mechanisms (rho = 1/(2 sigma^2) each, sensitivity 1) "
            + "and partition selection (delta_tau each) added over levels, facets and at most "
            + "\(configuration.dailyEpochCap) epochs a day; rho converted to (epsilon, delta') by "
            + "Canonne-Kamath-Steinke 2020 Corollary 13"
        unit =
            "per App Attest key (one installation of the app on one device) over any 24 hours: one token per key "
            + "per epoch, at most \(configuration.dailyEpochCap) in any 24 hours; deleting the account keeps the key "
            + "and its budget; a person with n devices costs n times the loss"
    }
}
