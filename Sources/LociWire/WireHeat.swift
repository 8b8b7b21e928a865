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
    /// ε of the counts.
    public var countEpsilon: Double
    /// δ of the counts.
    public var countDelta: Double
    /// ε of the interest vectors.
    public var vectorEpsilon: Double
    /// δ of the interest vectors.
    public var vectorDelta: Double

    /// Creates a level.
    public init(
        level: Int, tau: Int, countEpsilon: Double, countDelta: Double, vectorEpsilon: Double, vectorDelta: Double
    ) {
        self.level = level
        self.tau = tau
        self.countEpsilon = countEpsilon
        self.countDelta = countDelta
        self.vectorEpsilon = vectorEpsilon
        self.vectorDelta = vectorDelta
    }

    enum CodingKeys: String, CodingKey {
        case level, tau, countEpsilon = "count_epsilon", countDelta = "count_delta"
        case vectorEpsilon = "vector_epsilon", vectorDelta = "vector_delta"
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
        case liveReleases = "live_releases"
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
