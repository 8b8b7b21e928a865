import GeoKit
import HeatAggregation

/// Issue 33's map measure over (150 m tile, hour) cells: the ground truth is the people
/// *present* in a cell (away from Home, whether or not they reported), what is scored is whether
/// the releases of that hour show the cell at any level of detail.
///
/// * **coverage**: the share of base cells with at least ``busyPresent`` people present that
///   are shown during that hour (the tile or one of its parents is in a release of the hour);
/// * **false-shown share**: the share of shown cells (any level) with fewer than
///   ``sparsePresent`` people present (a parent cell's presence is the distinct people present
///   anywhere inside it);
/// * **Spearman**: rank correlation, over the shown cells, of the shown intensity (the largest
///   noisy count of the hour's releases; the reader's intensity is monotone in it) against the
///   people present.
struct HourlyCoverage {
    /// A base cell is busy with at least this many people present.
    static let busyPresent = 30
    /// A shown cell with fewer people present than this counts as falsely shown.
    static let sparsePresent = 5

    let tiler: GridTiler
    /// Hour index → tile (any level) → distinct people present.
    private(set) var present: [Int64: [TileID: Int]] = [:]
    /// Hour index → tile (any level) → the largest noisy count released in the hour.
    private(set) var shown: [Int64: [TileID: Int]] = [:]

    init(tiler: GridTiler) { self.tiler = tiler }

    /// Records one person's presence in `hour`: the base tiles they were in (away from Home),
    /// each counted once at every level however many of them share a parent.
    mutating func addPresence(hour: Int64, baseTiles: Set<TileID>) {
        var tiles = Set<TileID>()
        for base in baseTiles {
            for level in 0..<tiler.levels {
                if let tile = tiler.ancestor(of: base, level: level) { tiles.insert(tile) }
            }
        }
        var cells = present[hour] ?? [:]
        for tile in tiles { cells[tile, default: 0] += 1 }
        present[hour] = cells
    }

    /// Records a release made during `hour`.
    mutating func addRelease(hour: Int64, tiles: [ReleasedTile]) {
        var cells = shown[hour] ?? [:]
        for tile in tiles { cells[tile.tile] = max(cells[tile.tile] ?? Int.min, tile.noisyCount) }
        shown[hour] = cells
    }

    /// The measure over every recorded hour.
    func summary() -> SimulationReport.CellCoverage {
        var busy = 0
        var busyShown = 0
        var shownCells = 0
        var sparseShown = 0
        var intensities: [Double] = []
        var truths: [Double] = []
        for hour in Set(present.keys).union(shown.keys) {
            let people = present[hour] ?? [:]
            let lit = shown[hour] ?? [:]
            for (tile, count) in people where tile.level == 0 && count >= Self.busyPresent {
                busy += 1
                let covered = (0..<tiler.levels).contains { level in
                    tiler.ancestor(of: tile, level: level).map { lit[$0] != nil } ?? false
                }
                if covered { busyShown += 1 }
            }
            for (tile, noisy) in lit {
                let truth = people[tile] ?? 0
                shownCells += 1
                if truth < Self.sparsePresent { sparseShown += 1 }
                intensities.append(Double(noisy))
                truths.append(Double(truth))
            }
        }
        return SimulationReport.CellCoverage(
            busyPresent: Self.busyPresent, sparsePresent: Self.sparsePresent, busyCells: busy,
            busyCellsShown: busyShown, coverage: busy > 0 ? Double(busyShown) / Double(busy) : 0,
            shownCells: shownCells, sparseShownCells: sparseShown,
            falseShownShare: shownCells > 0 ? Double(sparseShown) / Double(shownCells) : 0,
            spearman: Statistics.spearman(intensities, truths))
    }
}
