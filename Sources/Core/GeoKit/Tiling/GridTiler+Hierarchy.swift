extension GridTiler {
    /// The tile one level up that contains `id`, or `nil` when `id` is at (or beyond) the
    /// coarsest level.
    ///
    /// Pure arithmetic, `(row / 2, column / 2)`: for ids valid for this tiler the result is
    /// valid and contains `id` exactly.
    /// - Complexity: O(1).
    public func parent(of id: TileID) -> TileID? {
        ancestor(of: id, level: id.level + 1)
    }

    /// The tile at `level` that contains `id`: `id` itself when `level == id.level`, `nil`
    /// when `level` is below `id.level` or not a level of this tiler.
    /// - Complexity: O(1).
    public func ancestor(of id: TileID, level: Int) -> TileID? {
        guard level >= id.level && level < levels else { return nil }
        let shift = level - id.level
        return TileID(uncheckedLevel: level, row: id.row >> shift, column: id.column >> shift)
    }

    /// The four tiles one level down that exactly tile `id`, ordered south-west, south-east,
    /// north-west, north-east; empty at level 0.
    /// - Complexity: O(1).
    public func children(of id: TileID) -> [TileID] {
        guard id.level > 0 && id.level < levels else { return [] }
        let level = id.level - 1
        let row = id.row * 2
        let column = id.column * 2
        return [
            TileID(uncheckedLevel: level, row: row, column: column),
            TileID(uncheckedLevel: level, row: row, column: column + 1),
            TileID(uncheckedLevel: level, row: row + 1, column: column),
            TileID(uncheckedLevel: level, row: row + 1, column: column + 1),
        ]
    }

    /// Whether `ancestor` contains `tile`: true when they are equal or when `ancestor` is a
    /// coarser tile whose area includes `tile`'s.
    /// - Complexity: O(1).
    public func contains(_ ancestor: TileID, _ tile: TileID) -> Bool {
        self.ancestor(of: tile, level: ancestor.level) == ancestor
    }
}
