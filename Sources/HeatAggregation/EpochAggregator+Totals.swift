import GeoKit

extension EpochAggregator {
    /// Checks an interest vector as ``add(tile:interest:)`` would, without counting anything.
    /// - Returns: its L2 norm.
    /// - Throws: ``HeatAggregationError/invalidInterestVector(dimension:expected:reason:)`` for
    ///   a wrong dimension or a non-finite value.
    @discardableResult
    public static func validate(interest: [Float], dimension: Int) throws(HeatAggregationError) -> Float {
        guard interest.count == dimension else {
            throw .invalidInterestVector(dimension: interest.count, expected: dimension, reason: "wrong dimension")
        }
        var squared: Float = 0
        for value in interest {
            guard value.isFinite else {
                throw .invalidInterestVector(dimension: dimension, expected: dimension, reason: "non-finite value")
            }
            squared += value * value
        }
        return squared.squareRoot()
    }

    /// Raises each tile's count to the total counted for it by every node (scale mode: the
    /// closing node holds its own reports here and sums the others' from the store). Tiles
    /// already seen keep their first-seen slot and interest sum; tiles only other nodes saw are
    /// added in ascending id order (so the result does not depend on dictionary order) with
    /// no interest. A total below the count already held keeps the count held (this node's
    /// own reports are never dropped); suppressed tiles are skipped, as ``add(tile:interest:)``
    /// drops them.
    /// - Throws: ``HeatAggregationError/notABaseTile(tile:reason:)`` naming the first tile that
    ///   is not a base tile of the grid; nothing is changed when it throws.
    /// - Complexity: O(t log t) for t totals, plus O(d) per new tile with d-dimensional vectors.
    public mutating func include(totals: [TileID: Int]) throws(HeatAggregationError) {
        let ordered = totals.sorted { $0.key.rawValue < $1.key.rawValue }
        for (tile, _) in ordered {
            guard tile.level == 0 else {
                throw .notABaseTile(tile: tile.description, reason: "level \(tile.level)")
            }
            do { try tiler.validate(tile) } catch {
                throw .notABaseTile(tile: tile.description, reason: error.description)
            }
        }
        let dimension = configuration.vectorDimension
        for (tile, total) in ordered where total > 0 && !suppression.contains(tile) {
            if let slot = slots[tile] {
                if total > counts[slot] {
                    reportCount += total - counts[slot]
                    counts[slot] = total
                }
            } else {
                slots[tile] = slotTiles.count
                slotTiles.append(tile)
                counts.append(total)
                reportCount += total
                if dimension > 0 { sums.append(contentsOf: repeatElement(0, count: dimension)) }
            }
        }
    }
}
