import GeoKit

extension EpochAggregator {
    /// Raises each tile's count (and facet cells) to the totals counted for it by every node
    /// (scale mode: the closing node holds its own reports here and sums the others' from the
    /// store). Tiles already seen keep their first-seen slot; tiles only other nodes saw are
    /// added in ascending id order (so the result does not depend on dictionary order). A total
    /// below what is already held keeps what is held (this node's own reports are never
    /// dropped); suppressed tiles and tiles outside the public domain are skipped, as
    /// ``add(tile:facet:)`` drops them.
    /// - Parameters:
    ///   - totals: contributors per base tile.
    ///   - facets: contributors per base tile per facet (each array `facetCount` long; tiles
    ///     missing here have none).
    /// - Throws: ``HeatAggregationError/notABaseTile(tile:reason:)`` naming the first tile that
    ///   is not a base tile of the grid, or ``HeatAggregationError/invalidFacet(facet:count:)``
    ///   for a histogram of the wrong length; nothing is changed when it throws.
    /// - Complexity: O(t log t) for t totals, plus O(F) per tile.
    public mutating func include(totals: [TileID: Int], facets: [TileID: [Int]] = [:]) throws(HeatAggregationError) {
        let ordered = totals.sorted { $0.key.rawValue < $1.key.rawValue }
        for (tile, _) in ordered {
            guard tile.level == 0 else {
                throw .notABaseTile(tile: tile.description, reason: "level \(tile.level)")
            }
            do { try tiler.validate(tile) } catch {
                throw .notABaseTile(tile: tile.description, reason: error.description)
            }
        }
        let facetCount = configuration.facetCount
        for histogram in facets.values where histogram.count != facetCount {
            throw .invalidFacet(facet: histogram.count, count: facetCount)
        }
        for (tile, total) in ordered where total > 0 && counts(tile) {
            let slot = slot(for: tile)
            if total > counts[slot] {
                reportCount += total - counts[slot]
                counts[slot] = total
            }
            guard let histogram = facets[tile] else { continue }
            for facet in 0..<facetCount {
                let index = slot * facetCount + facet
                facetCounts[index] = max(facetCounts[index], histogram[facet])
            }
        }
    }
}
