import GeoKit

extension EpochAggregator {
    /// Closes the epoch with noise from the operating system's CSPRNG (``SystemSecureRandom``):
    /// the production path. See ``close(using:)``.
    public consuming func close() -> HeatRelease {
        var random = SystemSecureRandom()
        return close(using: &random)
    }

    /// Closes the epoch: noisy counts and partition selection per enabled level (parents only
    /// where no finer tile inside them was released), a noisy facet histogram for each released
    /// tile of a level with facets, and the immutable release. The aggregator (raw data
    /// included) is consumed.
    ///
    /// Noise must come from ``SystemSecureRandom`` in production; a seeded generator makes the
    /// release reproducible and therefore not private.
    /// - Complexity: O(tiles · levels · F) for F facets.
    public consuming func close(using random: inout some SecureRandom) -> HeatRelease {
        let facetCount = configuration.facetCount
        // Over a public domain every (unsuppressed) domain tile is counted, with or without
        // reports, so every one gets noise and its parents are rolled up from all of them.
        if let domain {
            for tile in domain.tiles where !suppression.contains(tile) { _ = slot(for: tile) }
        }
        var released: [ReleasedTile] = []
        // Tiles (at any level) that were released, for the "no finer tile passed" rule.
        var coveredAncestors = Set<TileID>()
        var levelTiles = slotTiles
        var levelCounts = counts
        var levelFacets = facetCounts
        for level in 0..<tiler.levels {
            if level > 0 {
                // Roll the previous level up to its parents, in first-seen order.
                var parentSlot: [TileID: Int] = [:]
                var parents: [TileID] = []
                var parentCounts: [Int] = []
                var parentFacets: [Int] = []
                for (position, tile) in levelTiles.enumerated() {
                    guard let parent = tiler.parent(of: tile) else { continue }
                    let slot: Int
                    if let existing = parentSlot[parent] {
                        slot = existing
                    } else {
                        slot = parents.count
                        parentSlot[parent] = slot
                        parents.append(parent)
                        parentCounts.append(0)
                        parentFacets.append(contentsOf: repeatElement(0, count: facetCount))
                    }
                    parentCounts[slot] += levelCounts[position]
                    for facet in 0..<facetCount {
                        parentFacets[slot * facetCount + facet] += levelFacets[position * facetCount + facet]
                    }
                }
                levelTiles = parents
                levelCounts = parentCounts
                levelFacets = parentFacets
            }
            guard let count = mechanisms[level].count else { continue }
            let facetNoise = mechanisms[level].facets
            for position in levelTiles.indices {
                let tile = levelTiles[position]
                if level > 0 && coveredAncestors.contains(tile) { continue }
                guard let noisy = count.release(count: levelCounts[position], using: &random) else { continue }
                var histogram: [Int] = []
                if let facetNoise {
                    histogram.reserveCapacity(facetCount)
                    for facet in 0..<facetCount {
                        histogram.append(levelFacets[position * facetCount + facet] + facetNoise.sample(using: &random))
                    }
                }
                released.append(ReleasedTile(tile: tile, noisyCount: noisy, facets: histogram))
                var ancestor = tiler.parent(of: tile)
                while let current = ancestor {
                    coveredAncestors.insert(current)
                    ancestor = tiler.parent(of: current)
                }
            }
        }
        return HeatRelease(epoch: epoch, parameters: parameters, tiles: released)
    }
}
