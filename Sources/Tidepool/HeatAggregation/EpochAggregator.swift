import GeoKit

/// Collects one epoch's verified reports and turns them into its one release.
///
/// Feed it only reports whose token was verified and not yet spent (one per device per epoch),
/// so each person adds to exactly one base tile and names at most one facet. No interest
/// vector is ever summed here: a report carries a facet index at most. ``close(using:)``
/// consumes the aggregator: the raw counts and histograms do not outlive the release.
///
/// - Complexity: ``add(tile:facet:)`` is O(1) amortised plus O(F) for a new tile with F
///   facets; ``close(using:)`` is O(tiles · levels · F).
public struct EpochAggregator: Sendable {
    /// The epoch being collected.
    public let epoch: Int64
    /// The published configuration.
    public let configuration: HeatConfiguration
    /// The shared grid.
    public let tiler: GridTiler
    /// Sensitive base tiles whose reports are dropped.
    public let suppression: SuppressionList
    /// The public tile domain (nil: partition selection over the tiles with reports).
    public let domain: PublicTileDomain?
    let mechanisms: [LevelMechanisms]
    /// What the release publishes (computed once: the zCDP conversion searches over α).
    let parameters: ReleaseParameters
    /// Slot of each base tile seen, in first-seen order.
    var slots: [TileID: Int] = [:]
    /// Tile of each slot.
    var slotTiles: [TileID] = []
    /// Distinct contributors per slot.
    var counts: [Int] = []
    /// Contributors per facet, `facetCount` cells per slot.
    var facetCounts: [Int] = []
    /// Reports accepted (including suppressed ones, which are dropped uncounted).
    public internal(set) var reportCount = 0

    /// Creates the aggregator for `epoch`.
    /// - Parameter domain: the public tile domain; required, of exactly
    ///   ``HeatConfiguration/publicDomainSize`` tiles, when that is positive, and refused
    ///   otherwise.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for a bad
    ///   configuration, one whose level count differs from the tiler's, or a domain that does
    ///   not match it.
    public init(
        epoch: Int64, configuration: HeatConfiguration, tiler: GridTiler = .standard,
        suppression: SuppressionList = SuppressionList(), domain: PublicTileDomain? = nil
    ) throws(HeatAggregationError) {
        guard configuration.levels.count == tiler.levels else {
            throw .invalidParameter(
                name: "levels.count", value: Double(configuration.levels.count),
                reason: "must equal the grid's \(tiler.levels) levels")
        }
        guard (domain?.count ?? 0) == configuration.publicDomainSize else {
            throw .invalidParameter(
                name: "domain", value: Double(domain?.count ?? 0),
                reason: "must have the configuration's publicDomainSize \(configuration.publicDomainSize) tiles")
        }
        self.domain = domain
        mechanisms = try configuration.mechanisms()
        parameters = ReleaseParameters(configuration: configuration, mechanisms: mechanisms)
        self.epoch = epoch
        self.configuration = configuration
        self.tiler = tiler
        self.suppression = suppression
    }

    /// Number of distinct base tiles with at least one counted report so far.
    public var tileCount: Int { slotTiles.count }

    /// Checks a facet index as ``add(tile:facet:)`` would, without counting anything.
    /// - Throws: ``HeatAggregationError/invalidFacet(facet:count:)`` unless `facet` is nil or in
    ///   `0..<facetCount`.
    public static func validate(facet: Int?, facetCount: Int) throws(HeatAggregationError) {
        guard let facet else { return }
        guard facet >= 0, facet < facetCount else { throw .invalidFacet(facet: facet, count: facetCount) }
    }

    /// Counts one verified report for a base tile, with the facet its sender named (nil: none).
    /// - Throws: ``HeatAggregationError/notABaseTile(tile:reason:)`` or
    ///   ``HeatAggregationError/invalidFacet(facet:count:)``; nothing is counted when it throws.
    public mutating func add(tile: TileID, facet: Int? = nil) throws(HeatAggregationError) {
        guard tile.level == 0 else {
            throw .notABaseTile(tile: tile.description, reason: "level \(tile.level)")
        }
        do { try tiler.validate(tile) } catch {
            throw .notABaseTile(tile: tile.description, reason: error.description)
        }
        try Self.validate(facet: facet, facetCount: configuration.facetCount)
        reportCount += 1
        if !counts(tile) { return }
        let slot = slot(for: tile)
        counts[slot] += 1
        if let facet { facetCounts[slot * configuration.facetCount + facet] += 1 }
    }

    /// Whether reports for a base tile are counted: not suppressed, and inside the public
    /// domain when there is one.
    func counts(_ tile: TileID) -> Bool {
        !suppression.contains(tile) && (domain?.contains(tile) ?? true)
    }

    /// The slot of `tile`, made (with zero counts) if new.
    mutating func slot(for tile: TileID) -> Int {
        if let existing = slots[tile] { return existing }
        let slot = slotTiles.count
        slots[tile] = slot
        slotTiles.append(tile)
        counts.append(0)
        facetCounts.append(contentsOf: repeatElement(0, count: configuration.facetCount))
        return slot
    }
}
