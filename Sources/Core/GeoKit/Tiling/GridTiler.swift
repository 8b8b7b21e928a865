/// A hierarchical grid of near-square cells covering the globe, for anonymous presence
/// counting: a device sends only the ``TileID`` of the cell it is in.
///
/// ### Geometry
/// Latitude is cut into rows of equal height; each row is cut into columns of equal width in
/// longitude, the number of columns shrinking towards the poles (∝ cos latitude) so cells stay
/// roughly square on the ground. Level 0 cells have edges of about ``baseEdgeMeters``; each
/// level up doubles the edge. Columns are fixed at the coarsest level `L = levels − 1`:
/// coarsest row `R` of `rowsᴸ = max(1, round(π·r / edgeᴸ))` rows has
/// `n(R) = max(1, round(2π·r·cos φ(R) / edgeᴸ))` columns, where `r` = ``sphereRadius``,
/// `edgeᴸ = baseEdgeMeters · 2ᴸ` and `φ(R)` is the row's central latitude. Each level down
/// splits every row in two and every column in two, so cell `(row, column)` at level `l` has
/// parent `(row / 2, column / 2)` at level `l + 1` and parents contain their four children
/// exactly. The table of `n(R)` is computed once per tiler with a portable cosine (basic IEEE
/// operations only), so it is bit-identical on every platform.
///
/// ### Exact boundaries
/// At level `l`, with `N` rows and a row of `n` columns, the cell `(row, column)` covers
/// latitudes `south(row) ≤ φ < south(row + 1)` and longitudes `west(column) ≤ λ < west(column + 1)`,
/// where `south(i) = Double(i·180) / Double(N) − 90` and `west(j) = Double(j·360) / Double(n) − 180`
/// as correctly rounded IEEE operations. The last row includes 90° and the last column 180°.
/// ``tile(for:)`` honours these boundaries to the last bit, so a point always lies inside
/// ``bounds(of:)`` of its own tile, and a child's boundaries coincide bit for bit with its
/// parent's.
///
/// Invariant: every cell between the equator and ±85° has north–south and east–west edges
/// within ±10 % of `baseEdgeMeters · 2^level`; configurations that cannot honour this are
/// refused by ``init(baseEdgeMeters:levels:)``.
public struct GridTiler: Sendable, Equatable {
    /// Radius of the sphere the grid is laid on, metres. Pinned here (rather than shared with
    /// ``EarthRadius/mean``) because changing it would change every tile id.
    public static let sphereRadius: Double = 6_371_008.8
    /// Base edges accepted by ``init(baseEdgeMeters:levels:)``, metres.
    public static let supportedBaseEdges: ClosedRange<Double> = 10...1_000_000
    /// Level counts accepted by ``init(baseEdgeMeters:levels:)`` (the id format holds 16).
    public static let supportedLevelCounts: ClosedRange<Int> = 1...16
    /// Largest allowed relative deviation of a cell edge from its level's target (10 %).
    public static let shapeTolerance = 0.1
    /// Cells up to this absolute latitude, degrees, must honour ``shapeTolerance``.
    public static let shapeToleranceLatitude = 85.0

    /// The shared configuration: 150 m cells at level 0, parents of ≈300 m and ≈600 m.
    public static let standard = GridTiler(validatedBaseEdge: 150, levels: 3)

    /// Target edge of a level-0 cell, metres.
    public let baseEdgeMeters: Double
    /// Number of levels; valid levels are `0..<levels`.
    public let levels: Int
    /// Number of rows at the coarsest level.
    let coarseRowCount: Int
    /// Column count of each coarsest-level row, south to north.
    let coarseColumnCounts: [UInt32]
    /// Row count at each level.
    let rowCounts: [Int]
    /// Rows per degree of latitude at each level (used only for a first guess).
    let rowsPerDegree: [Double]

    /// Creates a grid with level-0 cells of about `baseEdgeMeters` and `levels` levels.
    ///
    /// - Parameters:
    ///   - baseEdgeMeters: target edge of the finest cells, metres, in ``supportedBaseEdges``.
    ///   - levels: number of levels, in ``supportedLevelCounts``; the coarsest edge is
    ///     `baseEdgeMeters · 2^(levels − 1)`.
    /// - Throws: ``GridTilerError/baseEdgeOutOfRange(_:supported:)``,
    ///   ``GridTilerError/levelCountOutOfRange(_:supported:)``, or
    ///   ``GridTilerError/cellShapeOutOfTolerance(relativeError:latitude:limit:)`` when some
    ///   cell up to ±85° would miss its target edge by more than 10 %.
    /// - Complexity: O(number of coarsest rows), about π·6371 km / coarsest edge.
    public init(baseEdgeMeters: Double = 150, levels: Int = 3) throws(GridTilerError) {
        guard baseEdgeMeters.isFinite, GridTiler.supportedBaseEdges.contains(baseEdgeMeters) else {
            throw .baseEdgeOutOfRange(baseEdgeMeters, supported: GridTiler.supportedBaseEdges)
        }
        guard GridTiler.supportedLevelCounts.contains(levels) else {
            throw .levelCountOutOfRange(levels, supported: GridTiler.supportedLevelCounts)
        }
        self.init(validatedBaseEdge: baseEdgeMeters, levels: levels)
        try checkShape()
    }

    /// Builds the tables for a configuration whose ranges are already checked.
    private init(validatedBaseEdge baseEdge: Double, levels: Int) {
        self.baseEdgeMeters = baseEdge
        self.levels = levels
        let coarseEdge = baseEdge * Double(1 << (levels - 1))
        let radius = GridTiler.sphereRadius
        let rows = max(1, Int((Double.pi * radius / coarseEdge).rounded()))
        let circumference = 2 * Double.pi * radius
        var counts: [UInt32] = []
        counts.reserveCapacity(rows)
        for row in 0..<rows {
            let latitude = Double(2 * row + 1) * Double.pi / Double(2 * rows) - Double.pi / 2
            let columns = (circumference * PortableMath.cosine(latitude) / coarseEdge).rounded()
            counts.append(UInt32(max(1, min(Double(1 << 24), columns))))
        }
        coarseRowCount = rows
        coarseColumnCounts = counts
        rowCounts = (0..<levels).map { rows << (levels - 1 - $0) }
        rowsPerDegree = rowCounts.map { Double($0) / 180 }
    }

    /// Refuses configurations whose cells up to ±85° miss their target edge by more than 10 %.
    private func checkShape() throws(GridTilerError) {
        let coarseEdge = edgeMeters(level: levels - 1)
        let radius = GridTiler.sphereRadius
        let heightError = abs(Double.pi * radius / Double(coarseRowCount) / coarseEdge - 1)
        if heightError > GridTiler.shapeTolerance {
            throw .cellShapeOutOfTolerance(
                relativeError: heightError, latitude: 0, limit: GridTiler.shapeTolerance)
        }
        let band = GridTiler.shapeToleranceLatitude * Double.pi / 180
        let fineRows = rowCounts[0]
        let split = 1 << (levels - 1)
        let halfFineRow = Double.pi / Double(2 * fineRows)
        for (row, count) in coarseColumnCounts.enumerated() {
            // The finest rows at the edges of this coarse row are the extremes of cos φ.
            for fine in [row * split, row * split + split - 1] {
                let latitude = Double(2 * fine + 1) * Double.pi / Double(2 * fineRows) - Double.pi / 2
                // Any row reaching into the band counts, even if its centre lies outside.
                guard abs(latitude) - halfFineRow <= band else { continue }
                let width = 2 * Double.pi * radius * PortableMath.cosine(latitude) / Double(count)
                let error = abs(width / coarseEdge - 1)
                if error > GridTiler.shapeTolerance {
                    throw .cellShapeOutOfTolerance(
                        relativeError: error, latitude: latitude * 180 / Double.pi,
                        limit: GridTiler.shapeTolerance)
                }
            }
        }
    }

    /// Two tilers are equal when their configurations are, and then produce identical ids.
    public static func == (lhs: GridTiler, rhs: GridTiler) -> Bool {
        lhs.baseEdgeMeters == rhs.baseEdgeMeters && lhs.levels == rhs.levels
    }

    /// Target edge of a cell at `level`, metres: `baseEdgeMeters · 2^level`.
    /// - Complexity: O(1).
    public func edgeMeters(level: Int) -> Double {
        baseEdgeMeters * Double(1 << max(0, min(level, 62)))
    }

    // MARK: - Lookup

    /// The level-0 tile containing `coordinate`: the non-throwing fast path.
    ///
    /// Points on a shared edge belong to the cell to their north and east; 90° belongs to the
    /// northernmost row and 180° to the easternmost column.
    /// - Complexity: O(1): a few multiplies, two floors and one table read; no allocation.
    @inlinable
    public func tile(for coordinate: Coordinate) -> TileID {
        locate(latitude: coordinate.latitude, longitude: coordinate.longitude, level: 0)
    }

    /// The tile containing `coordinate` at `level` (0 = finest).
    ///
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)`` unless `0 ≤ level < levels`.
    /// - Complexity: O(1), no allocation.
    public func tile(for coordinate: Coordinate, level: Int) throws(GridTilerError) -> TileID {
        guard level >= 0 && level < levels else { throw .levelOutOfRange(level: level, levels: levels) }
        return locate(latitude: coordinate.latitude, longitude: coordinate.longitude, level: level)
    }

    /// Finds the cell at a level already known to be valid. Non-finite input (impossible for a
    /// valid ``Coordinate``) lands in some cell rather than trapping.
    @usableFromInline
    func locate(latitude: Double, longitude: Double, level: Int) -> TileID {
        let rowCount = rowCounts[level]
        let row = GridTiler.index(
            of: latitude, offset: 90, span: 180, count: rowCount, perUnit: rowsPerDegree[level])
        let shift = levels - 1 - level
        let columnCount = Int(coarseColumnCounts[row >> shift]) << shift
        let column = GridTiler.index(
            of: longitude, offset: 180, span: 360, count: columnCount,
            perUnit: Double(columnCount) * (1.0 / 360))
        return TileID(uncheckedLevel: level, row: row, column: column)
    }

    /// The `i` with `edge(i) ≤ value < edge(i + 1)` (clamped to `0..<count`), where
    /// `edge(i) = Double(i·span) / Double(count) − offset`. A multiply gives a first guess;
    /// one comparison each way corrects the rare guess that rounding put in a neighbour.
    @inline(__always)
    static func index(of value: Double, offset: Double, span: Int, count: Int, perUnit: Double) -> Int {
        var guess = ((value + offset) * perUnit).rounded(.down)
        if !(guess >= 0) {
            guess = 0
        } else if guess > Double(count - 1) {
            guess = Double(count - 1)
        }
        var index = Int(guess)
        if index > 0 && value < edge(index, span: span, count: count, offset: offset) {
            index -= 1
        } else if index < count - 1 && value >= edge(index + 1, span: span, count: count, offset: offset) {
            index += 1
        }
        return index
    }

    /// Boundary `i` of `count` equal divisions of `span` degrees starting at `−offset`.
    @inline(__always)
    static func edge(_ index: Int, span: Int, count: Int, offset: Double) -> Double {
        Double(index * span) / Double(count) - offset
    }

    // MARK: - Validation and geometry

    /// Checks that `id` names a cell of this grid.
    ///
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)``,
    ///   ``GridTilerError/rowOutOfRange(level:row:rowCount:)`` or
    ///   ``GridTilerError/columnOutOfRange(level:row:column:columnCount:)``.
    /// - Complexity: O(1).
    public func validate(_ id: TileID) throws(GridTilerError) {
        try checkFields(level: id.level, row: id.row, column: id.column)
    }

    /// Range checks shared by ``validate(_:)`` and the validating ``TileID`` initialisers.
    func checkFields(level: Int, row: Int, column: Int) throws(GridTilerError) {
        guard level >= 0 && level < levels else { throw .levelOutOfRange(level: level, levels: levels) }
        let rowCount = rowCounts[level]
        guard row >= 0 && row < rowCount else {
            throw .rowOutOfRange(level: level, row: row, rowCount: rowCount)
        }
        let columnCount = columnCountUnchecked(level: level, row: row)
        guard column >= 0 && column < columnCount else {
            throw .columnOutOfRange(level: level, row: row, column: column, columnCount: columnCount)
        }
    }

    /// Number of rows at `level`.
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)``.
    /// - Complexity: O(1).
    public func rowCount(level: Int) throws(GridTilerError) -> Int {
        guard level >= 0 && level < levels else { throw .levelOutOfRange(level: level, levels: levels) }
        return rowCounts[level]
    }

    /// Number of columns in `row` at `level`.
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)`` or
    ///   ``GridTilerError/rowOutOfRange(level:row:rowCount:)``.
    /// - Complexity: O(1).
    public func columnCount(level: Int, row: Int) throws(GridTilerError) -> Int {
        let rows = try rowCount(level: level)
        guard row >= 0 && row < rows else { throw .rowOutOfRange(level: level, row: row, rowCount: rows) }
        return columnCountUnchecked(level: level, row: row)
    }

    /// Column count for a level and row already known to be in range.
    func columnCountUnchecked(level: Int, row: Int) -> Int {
        let shift = levels - 1 - level
        return Int(coarseColumnCounts[row >> shift]) << shift
    }

    /// The cell's exact extent (see "Exact boundaries" above). Cells never cross the
    /// antimeridian; the box is closed, so it also contains the cell's shared edges.
    ///
    /// - Throws: the errors of ``validate(_:)``.
    /// - Complexity: O(1).
    public func bounds(of id: TileID) throws(GridTilerError) -> BoundingBox {
        try validate(id)
        let rows = rowCounts[id.level]
        let columns = columnCountUnchecked(level: id.level, row: id.row)
        return BoundingBox(
            uncheckedSouth: GridTiler.edge(id.row, span: 180, count: rows, offset: 90),
            west: GridTiler.edge(id.column, span: 360, count: columns, offset: 180),
            north: GridTiler.edge(id.row + 1, span: 180, count: rows, offset: 90),
            east: GridTiler.edge(id.column + 1, span: 360, count: columns, offset: 180))
    }

    /// The centre of the cell in latitude and longitude (midpoint of ``bounds(of:)``).
    /// - Throws: the errors of ``validate(_:)``.
    /// - Complexity: O(1).
    public func center(of id: TileID) throws(GridTilerError) -> Coordinate {
        let box = try bounds(of: id)
        return Coordinate(
            uncheckedLatitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }

    /// The cell outline as a closed ring of 5 positions, counter-clockwise seen from above
    /// (south-west, south-east, north-east, north-west, south-west), as GeoJSON expects for
    /// an exterior ring. First and last elements are equal.
    /// - Throws: the errors of ``validate(_:)``.
    /// - Complexity: O(1).
    public func polygon(of id: TileID) throws(GridTilerError) -> [Coordinate] {
        let box = try bounds(of: id)
        let southWest = Coordinate(uncheckedLatitude: box.south, longitude: box.west)
        return [
            southWest,
            Coordinate(uncheckedLatitude: box.south, longitude: box.east),
            Coordinate(uncheckedLatitude: box.north, longitude: box.east),
            Coordinate(uncheckedLatitude: box.north, longitude: box.west),
            southWest,
        ]
    }
}
