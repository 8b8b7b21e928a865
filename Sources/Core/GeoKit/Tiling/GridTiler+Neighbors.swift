extension GridTiler {
    /// All other tiles of the same level whose cell shares an edge or a corner with `id`,
    /// sorted ascending.
    ///
    /// - Within the row: the columns to the west and east, wrapping across the antimeridian.
    /// - In the rows to the south and north: every column whose longitude span touches this
    ///   cell's span (closed intervals), computed in exact integer arithmetic, so rows with
    ///   different column counts are handled and the relation is symmetric.
    /// - In the southernmost and northernmost rows every cell touches the pole, so all other
    ///   cells of that row are neighbours.
    ///
    /// - Throws: the errors of ``validate(_:)``.
    /// - Complexity: O(k) for k neighbours (usually 8; more next to the poles).
    public func neighbors(of id: TileID) throws(GridTilerError) -> [TileID] {
        try validate(id)
        let level = id.level
        let row = id.row
        let column = id.column
        let rowCount = rowCounts[level]
        let columnCount = columnCountUnchecked(level: level, row: row)
        var result: [TileID] = []
        result.reserveCapacity(8)

        func add(row: Int, column: Int) {
            let tile = TileID(uncheckedLevel: level, row: row, column: column)
            if tile != id && !result.contains(tile) { result.append(tile) }
        }

        if row == 0 || row == rowCount - 1 {
            for other in 0..<columnCount { add(row: row, column: other) }
        } else {
            add(row: row, column: (column + columnCount - 1) % columnCount)
            add(row: row, column: (column + 1) % columnCount)
        }
        for other in [row - 1, row + 1] where other >= 0 && other < rowCount {
            let otherCount = columnCountUnchecked(level: level, row: other)
            // Cell spans [c·n′, (c+1)·n′] and column k spans [k·n, (k+1)·n], in units of
            // 360° / (n·n′). They touch when k·n ≤ (c+1)·n′ and (k+1)·n ≥ c·n′.
            let first = (column * otherCount + columnCount - 1) / columnCount - 1
            let last = ((column + 1) * otherCount) / columnCount
            if last - first + 1 >= otherCount {
                for k in 0..<otherCount { add(row: other, column: k) }
            } else {
                for k in first...last { add(row: other, column: (k + otherCount) % otherCount) }
            }
        }
        result.sort()
        return result
    }
}
