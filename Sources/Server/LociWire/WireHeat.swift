/// One released tile of a heat answer (`POST /v1/tiles/heat`).
public struct WireHeatTile: Sendable, Equatable, Codable {
    /// The tile's id.
    public var tileID: String
    /// Its level (0 = base tiles).
    public var level: Int
    /// Heat for the viewer, 0...1.
    public var intensity: Double
    /// The released (noisy) count.
    public var noisyCount: Int
    /// The viewer's similarity to the tile's interest mix.
    public var similarity: Double
    /// South, west, north, east, degrees.
    public var bounds: [Double]

    /// Creates a tile.
    public init(
        tileID: String, level: Int, intensity: Double, noisyCount: Int, similarity: Double, bounds: [Double]
    ) {
        self.tileID = tileID
        self.level = level
        self.intensity = intensity
        self.noisyCount = noisyCount
        self.similarity = similarity
        self.bounds = bounds
    }

    enum CodingKeys: String, CodingKey {
        case tileID = "tile_id", level, intensity, noisyCount = "noisy_count", similarity, bounds
    }
}

/// The privacy parameters of one level of a release.
public struct WirePrivacyLevel: Sendable, Equatable, Codable {
    /// The level.
    public var level: Int
    /// The noisy threshold's τ.
    public var tau: Int
    /// ε of the count mechanism alone per epoch (its ρ converted at the conversion δ).
    public var countEpsilon: Double
    /// δ of the count's partition selection (claimed).
    public var countDelta: Double
    /// ε of the interest mechanism alone per epoch: the facet histogram's (0: count-only).
    public var vectorEpsilon: Double
    /// δ of the interest mechanism alone: the conversion δ (0: count-only).
    public var vectorDelta: Double
    /// Whether the level is released at all.
    public var enabled: Bool
    /// ρ (zCDP) of the count mechanism per epoch.
    public var countRho: Double
    /// σ of the count's discrete Gaussian noise.
    public var countSigma: Double
    /// The exact probability a single-contributor tile is released (≤ `count_delta`).
    public var singleContributorRelease: Double
    /// ρ of the facet histogram per epoch (0: count-only).
    public var facetRho: Double
    /// σ of each facet cell's discrete Gaussian noise (0: count-only).
    public var facetSigma: Double

    /// Creates a level.
    public init(
        level: Int, tau: Int, countEpsilon: Double, countDelta: Double, vectorEpsilon: Double, vectorDelta: Double,
        enabled: Bool = true, countRho: Double = 0, countSigma: Double = 0, singleContributorRelease: Double = 0,
        facetRho: Double = 0, facetSigma: Double = 0
    ) {
        self.level = level
        self.tau = tau
        self.countEpsilon = countEpsilon
        self.countDelta = countDelta
        self.vectorEpsilon = vectorEpsilon
        self.vectorDelta = vectorDelta
        self.enabled = enabled
        self.countRho = countRho
        self.countSigma = countSigma
        self.singleContributorRelease = singleContributorRelease
        self.facetRho = facetRho
        self.facetSigma = facetSigma
    }

    enum CodingKeys: String, CodingKey {
        case level, tau, countEpsilon = "count_epsilon", countDelta = "count_delta"
        case vectorEpsilon = "vector_epsilon", vectorDelta = "vector_delta"
        case enabled, countRho = "count_rho", countSigma = "count_sigma"
        case singleContributorRelease = "single_contributor_release", facetRho = "facet_rho"
        case facetSigma = "facet_sigma"
    }
}

/// `GET /v1/privacy` (and a heat answer's `meta`): the published parameters and their
/// composition per epoch and per day.
public struct WirePrivacy: Sendable, Equatable, Codable {
    /// The smallest public count.
    public var kMin: Int
    /// Epoch length, seconds.
    public var epochSeconds: Int64
    /// How long a release is served, seconds.
    public var ttlSeconds: Int64
    /// Per level.
    public var levels: [WirePrivacyLevel]
    /// ε per person per epoch.
    public var epochEpsilon: Double
    /// δ per person per epoch.
    public var epochDelta: Double
    /// ε per person per day (composed).
    public var dayEpsilon: Double
    /// δ per person per day (composed).
    public var dayDelta: Double
    /// How the composition is accounted.
    public var accounting: String
    /// The privacy unit.
    public var unit: String
    /// The epoch being collected.
    public var currentEpoch: Int64
    /// The epochs whose releases are served now.
    public var liveReleases: [Int64]
    /// The steps of the accounting with their numbers (zCDP ρ, δs, conversion, targets).
    public var accountingSteps: WirePrivacyAccounting?

    /// Creates the parameters.
    public init(
        kMin: Int, epochSeconds: Int64, ttlSeconds: Int64, levels: [WirePrivacyLevel], epochEpsilon: Double,
        epochDelta: Double, dayEpsilon: Double, dayDelta: Double, accounting: String, unit: String,
        currentEpoch: Int64, liveReleases: [Int64]
    ) {
        self.kMin = kMin
        self.epochSeconds = epochSeconds
        self.ttlSeconds = ttlSeconds
        self.levels = levels
        self.epochEpsilon = epochEpsilon
        self.epochDelta = epochDelta
        self.dayEpsilon = dayEpsilon
        self.dayDelta = dayDelta
        self.accounting = accounting
        self.unit = unit
        self.currentEpoch = currentEpoch
        self.liveReleases = liveReleases
    }

    enum CodingKeys: String, CodingKey {
        case kMin = "k_min", epochSeconds = "epoch_seconds", ttlSeconds = "ttl_seconds", levels
        case epochEpsilon = "epoch_epsilon", epochDelta = "epoch_delta", dayEpsilon = "day_epsilon"
        case dayDelta = "day_delta", accounting, unit, currentEpoch = "current_epoch"
        case liveReleases = "live_releases", accountingSteps = "accounting_steps"
    }
}

/// The numbers of each accounting step of `/v1/privacy` (per mechanism: the levels; then per
/// epoch and per day), and the facet codebook the releases use.
public struct WirePrivacyAccounting: Sendable, Equatable, Codable {
    /// ρ per person per epoch, summed over levels and mechanisms.
    public var epochRho: Double
    /// Partition-selection δ per person per epoch (exact, summed over levels).
    public var epochSelectionDelta: Double
    /// Epochs in a day.
    public var epochsPerDay: Int
    /// The most epochs a device reports in per UTC day (tokens per device per day).
    public var dailyEpochCap: Int
    /// ρ per person per day (`daily_epoch_cap · epoch_rho`).
    public var dayRho: Double
    /// δ′ of the zCDP → (ε, δ) conversion.
    public var conversionDelta: Double
    /// The conversion used.
    public var conversion: String
    /// The daily ε promised.
    public var targetDayEpsilon: Double
    /// The daily δ promised.
    public var targetDayDelta: Double
    /// Whether `day_epsilon` and `day_delta` meet the targets.
    public var withinTarget: Bool
    /// Facets per released histogram (0: count-only).
    public var facetCount: Int
    /// The facet codebook's version (empty: count-only).
    public var facetCodebookVersion: String

    /// Creates the steps.
    public init(
        epochRho: Double, epochSelectionDelta: Double, epochsPerDay: Int, dailyEpochCap: Int, dayRho: Double,
        conversionDelta: Double, conversion: String, targetDayEpsilon: Double, targetDayDelta: Double,
        withinTarget: Bool, facetCount: Int, facetCodebookVersion: String
    ) {
        self.epochRho = epochRho
        self.epochSelectionDelta = epochSelectionDelta
        self.epochsPerDay = epochsPerDay
        self.dailyEpochCap = dailyEpochCap
        self.dayRho = dayRho
        self.conversionDelta = conversionDelta
        self.conversion = conversion
        self.targetDayEpsilon = targetDayEpsilon
        self.targetDayDelta = targetDayDelta
        self.withinTarget = withinTarget
        self.facetCount = facetCount
        self.facetCodebookVersion = facetCodebookVersion
    }

    enum CodingKeys: String, CodingKey {
        case epochRho = "epoch_rho", epochSelectionDelta = "epoch_selection_delta", epochsPerDay = "epochs_per_day"
        case dailyEpochCap = "daily_epoch_cap", dayRho = "day_rho", conversionDelta = "conversion_delta"
        case conversion, targetDayEpsilon = "target_day_epsilon", targetDayDelta = "target_day_delta"
        case withinTarget = "within_target", facetCount = "facet_count"
        case facetCodebookVersion = "facet_codebook_version"
    }
}

/// `POST /v1/tiles/heat`: the released tiles in the viewport and the parameters they were
/// released under.
public struct WireHeat: Sendable, Equatable, Codable {
    /// The tiles.
    public var tiles: [WireHeatTile]
    /// The parameters.
    public var meta: WirePrivacy

    /// Creates a heat answer.
    public init(tiles: [WireHeatTile], meta: WirePrivacy) {
        self.tiles = tiles
        self.meta = meta
    }
}
