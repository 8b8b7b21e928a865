import HeatAggregation

/// What a simulation measured: utility of the releases and the privacy they cost.
public struct SimulationReport: Sendable, Codable {
    /// How many truly busy base tiles were shown, for one busyness threshold.
    public struct BusyShare: Sendable, Codable {
        /// A base tile is busy when at least this many people reported in it in an epoch.
        public var threshold: Int
        /// Busy (tile, epoch) pairs over the run.
        public var busyTiles: Int
        /// Share of them released as base tiles.
        public var releasedAtBase: Double
        /// Share of them released at any level (the tile or a parent containing it).
        public var coveredAtAnyLevel: Double
    }

    /// Accuracy of the released counts at one level.
    public struct LevelAccuracy: Sendable, Codable {
        /// Grid level.
        public var level: Int
        /// Released (tile, epoch) pairs.
        public var released: Int
        /// Mean |noisy − true| count.
        public var meanAbsoluteError: Double
        /// Root-mean-square error of the count.
        public var rootMeanSquareError: Double
        /// Mean true count of released tiles.
        public var meanTrueCount: Double
        /// Released tiles whose true count was below k_min.
        public var releasedBelowKMin: Int
    }

    /// How well heat follows interest similarity.
    public struct Similarity: Sendable, Codable {
        /// Viewers sampled.
        public var viewers: Int
        /// (viewer, released tile) pairs compared.
        public var pairs: Int
        /// Pearson correlation of cos(viewer, noisy tile vector) with cos(viewer, true tile sum).
        public var noisyVersusTrueCosine: Double
        /// Spearman rank correlation of heat intensity with cos(viewer, true tile sum).
        public var intensityVersusTrueSimilarity: Double
        /// Mean intensity of the pairs in the top quartile of true similarity.
        public var meanIntensityTopQuartile: Double
        /// Mean intensity of the pairs in the bottom quartile of true similarity.
        public var meanIntensityBottomQuartile: Double
    }

    /// Issue 33's (150 m tile, hour) measure: people present against heat shown.
    public struct CellCoverage: Sendable, Codable, Equatable {
        /// A base cell is busy with at least this many people present (away from Home).
        public var busyPresent: Int
        /// A shown cell with fewer people present than this is falsely shown.
        public var sparsePresent: Int
        /// Busy (base tile, hour) cells over the run.
        public var busyCells: Int
        /// Busy cells shown during their hour at any level of detail.
        public var busyCellsShown: Int
        /// `busyCellsShown / busyCells` (0 when no cell is busy).
        public var coverage: Double
        /// (tile at any level, hour) cells shown by at least one release of the hour.
        public var shownCells: Int
        /// Shown cells with fewer than ``sparsePresent`` people present.
        public var sparseShownCells: Int
        /// `sparseShownCells / shownCells` (0 when nothing is shown).
        public var falseShownShare: Double
        /// Spearman rank correlation of the shown cells' intensity with the people present.
        public var spearman: Double
    }

    /// The run's shape.
    public var users: Int
    /// Epochs simulated.
    public var epochs: Int
    /// Places in the store, evening venues among them.
    public var places: Int
    /// Evening venues.
    public var venues: Int
    /// Base tiles suppressed as sensitive.
    public var suppressedTiles: Int
    /// Reports sent by devices (after home guard and scheduler).
    public var reports: Int
    /// Reports whose token went through real RSA blind signatures.
    public var rsaTokenReports: Int
    /// Mean hours a person spent away from Home over the simulated epochs (sampled at each
    /// epoch's middle).
    public var meanHoursAway: Double
    /// Mean distinct base tiles with reports per epoch.
    public var meanReportedTilesPerEpoch: Double
    /// Mean released tiles per epoch, per level.
    public var meanReleasedPerEpoch: [Double]
    /// Utility for several busyness thresholds.
    public var busy: [BusyShare]
    /// Count accuracy per level.
    public var accuracy: [LevelAccuracy]
    /// Intensity against similarity.
    public var similarity: Similarity
    /// The (tile, hour) measure of people present against heat shown.
    public var cells: CellCoverage
    /// The privacy parameters of every release.
    public var privacy: ReleaseParameters
    /// Mean epoch close time, milliseconds.
    public var meanCloseMilliseconds: Double
    /// Wall time of the whole simulation, seconds.
    public var wallSeconds: Double
}
