extension GridTiler {
    /// The default most tiles ``cover(_:level:limit:)`` returns.
    public static let defaultCoverLimit = 1_000_000

    /// All tiles at `level` whose cell contains at least one point of `box`, sorted by row
    /// then column (ascending ``TileID`` order).
    ///
    /// Equivalently, the set of `tile(for: p, level:)` over all points `p` in the box: a box
    /// edge lying exactly on a cell boundary does not pull in the cell on the far side.
    /// Boxes crossing the antimeridian (`west > east`) are handled; a box spanning all
    /// longitudes covers whole rows.
    ///
    /// - Parameters:
    ///   - box: the area to cover.
    ///   - level: the grid level, `0..<levels`.
    ///   - limit: the most tiles to return; larger covers are refused before allocating.
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)``, or
    ///   ``GridTilerError/coverTooLarge(count:limit:)`` naming the count the cover would have.
    /// - Complexity: O(rows + tiles) where rows is the number of grid rows the box spans.
    public func cover(
        _ box: BoundingBox, level: Int, limit: Int = GridTiler.defaultCoverLimit
    ) throws(GridTilerError) -> [TileID] {
        guard level >= 0 && level < levels else { throw .levelOutOfRange(level: level, levels: levels) }
        let southRow = locate(latitude: box.south, longitude: 0, level: level).row
        let northRow = locate(latitude: box.north, longitude: 0, level: level).row
        var count = 0
        for row in southRow...northRow {
            for range in columnRanges(of: box, level: level, row: row) { count += range.count }
        }
        guard count <= limit else { throw .coverTooLarge(count: count, limit: limit) }
        var tiles: [TileID] = []
        tiles.reserveCapacity(count)
        for row in southRow...northRow {
            for range in columnRanges(of: box, level: level, row: row) {
                for column in range { tiles.append(TileID(uncheckedLevel: level, row: row, column: column)) }
            }
        }
        return tiles
    }

    /// The columns of `row` that the box's longitude span touches, as ascending, disjoint
    /// ranges (one, or two when the box crosses the antimeridian without covering the row).
    private func columnRanges(of box: BoundingBox, level: Int, row: Int) -> [ClosedRange<Int>] {
        let count = columnCountUnchecked(level: level, row: row)
        func column(_ longitude: Double) -> Int {
            GridTiler.index(
                of: longitude, offset: 180, span: 360, count: count, perUnit: Double(count) * (1.0 / 360))
        }
        guard box.crossesAntimeridian else { return [column(box.west)...column(box.east)] }
        let eastern = column(box.west)  // west…180
        let western = column(box.east)  // −180…east
        if western >= eastern - 1 { return [0...(count - 1)] }
        return [0...western, eastern...(count - 1)]
    }
}
