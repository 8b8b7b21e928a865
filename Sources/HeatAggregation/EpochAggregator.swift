import GeoKit

/// Collects one epoch's verified reports and turns them into its one release.
///
/// Feed it only reports whose token was verified and not yet spent (one per device per epoch),
/// so each person adds to exactly one base tile. ``close(using:)`` consumes the aggregator: the
/// raw counts and vectors do not outlive the release.
///
/// - Complexity: ``add(tile:interest:)`` is O(1) amortised plus O(d) for a d-dimensional
///   vector; ``close(using:)`` is O(tiles · levels + released · d).
public struct EpochAggregator: Sendable {
    /// The epoch being collected.
    public let epoch: Int64
    /// The published configuration.
    public let configuration: HeatConfiguration
    /// The shared grid.
    public let tiler: GridTiler
    /// Sensitive base tiles whose reports are dropped.
    public let suppression: SuppressionList
    let mechanisms: [LevelMechanisms]
    /// Slot of each base tile seen, in first-seen order.
    var slots: [TileID: Int] = [:]
    /// Tile of each slot.
    var slotTiles: [TileID] = []
    /// Distinct contributors per slot.
    var counts: [Int] = []
    /// Clipped interest sums, `dimension` floats per slot.
    var sums: [Float] = []
    /// Reports accepted (including suppressed ones, which are dropped uncounted).
    public internal(set) var reportCount = 0

    /// Creates the aggregator for `epoch`.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for a bad
    ///   configuration or one whose level count differs from the tiler's.
    public init(
        epoch: Int64, configuration: HeatConfiguration, tiler: GridTiler = .standard,
        suppression: SuppressionList = SuppressionList()
    ) throws(HeatAggregationError) {
        guard configuration.levels.count == tiler.levels else {
            throw .invalidParameter(
                name: "levels.count", value: Double(configuration.levels.count),
                reason: "must equal the grid's \(tiler.levels) levels")
        }
        mechanisms = try configuration.mechanisms()
        self.epoch = epoch
        self.configuration = configuration
        self.tiler = tiler
        self.suppression = suppression
    }

    /// Number of distinct base tiles with at least one counted report so far.
    public var tileCount: Int { slotTiles.count }

    /// Counts one verified report for a base tile, with the reporter's interest vector
    /// (clipped to L2 norm ≤ 1; `nil` adds nothing to the tile's vector).
    /// - Throws: ``HeatAggregationError/notABaseTile(tile:reason:)`` or
    ///   ``HeatAggregationError/invalidInterestVector(dimension:expected:reason:)``; nothing is
    ///   counted when it throws.
    public mutating func add(tile: TileID, interest: [Float]? = nil) throws(HeatAggregationError) {
        guard tile.level == 0 else {
            throw .notABaseTile(tile: tile.description, reason: "level \(tile.level)")
        }
        do { try tiler.validate(tile) } catch {
            throw .notABaseTile(tile: tile.description, reason: error.description)
        }
        let dimension = configuration.vectorDimension
        var scale: Float = 0
        if let interest {
            let norm = try Self.validate(interest: interest, dimension: dimension)
            scale = norm > 1 ? 1 / norm : 1
        }
        reportCount += 1
        if suppression.contains(tile) { return }
        let slot: Int
        if let existing = slots[tile] {
            slot = existing
        } else {
            slot = slotTiles.count
            slots[tile] = slot
            slotTiles.append(tile)
            counts.append(0)
            if dimension > 0 { sums.append(contentsOf: repeatElement(0, count: dimension)) }
        }
        counts[slot] += 1
        if let interest, dimension > 0, scale > 0 {
            let base = slot * dimension
            sums.withUnsafeMutableBufferPointer { buffer in
                for index in 0..<dimension { buffer[base + index] += interest[index] * scale }
            }
        }
    }
}
