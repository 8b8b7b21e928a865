import GeoKit

extension EpochAggregator {
    /// Closes the epoch with noise from the operating system's CSPRNG (``SystemSecureRandom``):
    /// the production path. See ``close(using:)``.
    public consuming func close() -> HeatRelease {
        var random = SystemSecureRandom()
        return close(using: &random)
    }

    /// Closes the epoch: noisy counts and partition selection per level (parents only where
    /// no finer tile inside them was released), noisy interest vectors for released tiles,
    /// and the immutable release. The aggregator (raw data included) is consumed.
    ///
    /// Noise must come from ``SystemSecureRandom`` in production; a seeded generator makes the
    /// release reproducible and therefore not private.
    /// - Complexity: O(tiles · levels + released · dimension).
    public consuming func close(using random: inout some SecureRandom) -> HeatRelease {
        let dimension = configuration.vectorDimension
        var released: [ReleasedTile] = []
        // Tiles (at any level) that were released, for the "no finer tile passed" rule.
        var coveredAncestors = Set<TileID>()
        var levelTiles = slotTiles
        var levelCounts = counts
        // For each level's tile, the base slots inside it (for vector sums of parents).
        // Only needed (and only built) when vectors are enabled.
        var members: [[Int]] = dimension > 0 ? slotTiles.indices.map { [$0] } : []
        for level in 0..<tiler.levels {
            if level > 0 {
                // Roll the previous level up to its parents, in first-seen order.
                var parentSlot: [TileID: Int] = [:]
                var parents: [TileID] = []
                var parentCounts: [Int] = []
                var parentMembers: [[Int]] = []
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
                        if dimension > 0 { parentMembers.append([]) }
                    }
                    parentCounts[slot] += levelCounts[position]
                    if dimension > 0 { parentMembers[slot].append(contentsOf: members[position]) }
                }
                levelTiles = parents
                levelCounts = parentCounts
                members = parentMembers
            }
            let mechanism = mechanisms[level]
            for position in levelTiles.indices {
                let tile = levelTiles[position]
                if level > 0 && coveredAncestors.contains(tile) { continue }
                guard let noisy = mechanism.count.release(count: levelCounts[position], using: &random) else {
                    continue
                }
                let interest =
                    dimension > 0
                    ? noisyDirection(members: members[position], noise: mechanism.vector, using: &random) : []
                released.append(ReleasedTile(tile: tile, noisyCount: noisy, interest: interest))
                var ancestor = tiler.parent(of: tile)
                while let current = ancestor {
                    coveredAncestors.insert(current)
                    ancestor = tiler.parent(of: current)
                }
            }
        }
        let parameters = ReleaseParameters(configuration: configuration, mechanisms: mechanisms)
        return HeatRelease(epoch: epoch, parameters: parameters, tiles: released)
    }

    /// The normalised noisy sum of the clipped vectors of the base slots in `members`.
    func noisyDirection(members: [Int], noise: AnalyticGaussian, using random: inout some SecureRandom)
        -> [Float]
    {
        let dimension = configuration.vectorDimension
        var total = [Double](repeating: 0, count: dimension)
        for slot in members {
            let base = slot * dimension
            for index in 0..<dimension { total[index] += Double(sums[base + index]) }
        }
        var squared = 0.0
        for index in 0..<dimension {
            total[index] += noise.sample(using: &random)
            squared += total[index] * total[index]
        }
        guard squared > 0 else { return [] }
        let inverse = 1 / squared.squareRoot()
        return total.map { Float($0 * inverse) }
    }
}
