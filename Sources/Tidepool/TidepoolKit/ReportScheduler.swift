import GeoKit

/// Whether the app is on screen: the cadence applies in the foreground; in the background a
/// report goes out only when the system happens to wake the app with a fix after it is due.
public enum AppState: Sendable, Equatable {
    /// On screen.
    case foreground
    /// Woken opportunistically by the system.
    case background
}

/// A report the device should send now: only a base tile id and the epoch.
public struct ScheduledReport: Sendable, Equatable {
    /// The base tile of the fix.
    public var tile: TileID
    /// The epoch of the fix.
    public var epoch: Int64
    /// When the report was scheduled (the fix time), Unix seconds; stays on the device.
    public var time: Double
    /// The interest facet to send with it (nearest codebook centroid to the user's vector,
    /// computed on the device), or nil.
    public var facet: Int? = nil
}

/// Decides when the device reports, with clock and randomness supplied by the caller.
///
/// A report is due when the interval since the last one has passed: a base interval uniform
/// in 30…60 s plus a jitter of 15…45 s in either direction (so 15…105 s after clamping to the
/// 15 s floor). Nothing is sent while hidden; a tile already reported in the current epoch is
/// not reported again; at most ``Configuration/reportsPerEpoch`` reports per epoch (one, the
/// single token the device holds).
public struct ReportScheduler: Sendable {
    /// Cadence, jitter and limits.
    public struct Configuration: Sendable, Equatable {
        /// Base interval range, seconds.
        public var baseInterval: ClosedRange<Double> = 30...60
        /// Jitter magnitude range, seconds (the sign is random).
        public var jitter: ClosedRange<Double> = 15...45
        /// The shortest interval ever used, seconds.
        public var minimumInterval: Double = 15
        /// Reports per epoch (the device holds one token per epoch).
        public var reportsPerEpoch: Int = 1

        /// The defaults above.
        public init() {}
    }

    /// The grid that turns fixes into tile ids.
    public let tiler: GridTiler
    /// The epoch grid.
    public let epochs: EpochSchedule
    /// Cadence and limits.
    public let configuration: Configuration
    /// Earliest time of the next report, or `nil` before the first.
    public private(set) var nextDue: Double?
    private var epoch: Int64?
    private var tilesThisEpoch: Set<TileID> = []

    /// Creates a scheduler.
    public init(
        tiler: GridTiler = .standard, epochs: EpochSchedule = .standard,
        configuration: Configuration = Configuration()
    ) {
        self.tiler = tiler
        self.epochs = epochs
        self.configuration = configuration
    }

    /// The next interval: base + signed jitter, at least the floor.
    public func nextInterval(using random: inout some RandomNumberGenerator) -> Double {
        let base = Double.random(in: configuration.baseInterval, using: &random)
        let magnitude = Double.random(in: configuration.jitter, using: &random)
        let signed = Bool.random(using: &random) ? magnitude : -magnitude
        return max(configuration.minimumInterval, base + signed)
    }

    /// Feeds a fix; returns the report to send now, if any.
    /// - Parameters:
    ///   - fix: the position (used only to find the tile).
    ///   - time: Unix seconds of the fix.
    ///   - hidden: the home guard's verdict; a hidden fix never reports.
    ///   - appState: foreground or background; the rules are the same, but in the background
    ///     there is no timer, so the fix the system wakes the app with is the only chance.
    public mutating func handle(
        fix: Coordinate, at time: Double, hidden: Bool, appState: AppState,
        using random: inout some RandomNumberGenerator
    ) -> ScheduledReport? {
        let current = epochs.epoch(at: time)
        if epoch != current {
            epoch = current
            tilesThisEpoch = []
        }
        if hidden { return nil }
        if let due = nextDue, time < due { return nil }
        guard tilesThisEpoch.count < configuration.reportsPerEpoch else { return nil }
        let tile = tiler.tile(for: fix)
        guard tilesThisEpoch.insert(tile).inserted else { return nil }
        nextDue = time + nextInterval(using: &random)
        return ScheduledReport(tile: tile, epoch: current, time: time)
    }
}
