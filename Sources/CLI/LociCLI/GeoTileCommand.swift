import ArgumentParser
import GeoKit

/// `loci geo tile LAT,LON [--level N]`: the grid cell holding a point, or the cell an id names.
struct GeoTileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "The hierarchical grid tile containing a point (or details of a tile id).",
        usage:
            "loci geo tile LAT,LON [--level N] [--base-edge METRES] [--json]\n       loci geo tile TILE_ID [--json]",
        discussion: """
            Level 0 cells are about --base-edge metres square (default 150); level 1 and 2 are \
            their parents at ×2 and ×4. The id is printed in its string and integer forms; either \
            form is accepted back.
            """
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "A point LAT,LON, or a tile id (string or integer form).", valueName: "LAT,LON | TILE_ID"))
    var values: [String] = []

    @Option(parsing: .unconditional, help: "Tile level: 0 (base, the default), 1 (×2) or 2 (×4).", transform: NumberArgument.whole)
    var level: Int = 0

    @Option(name: .customLong("base-edge"), parsing: .unconditional, help: "Edge of a level-0 cell in metres (default 150).", transform: NumberArgument.decimal)
    var baseEdge: Double = 150

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Output: Encodable {
        let tile_id: String
        let id: String
        let raw: UInt64
        let level: Int
        let row: Int
        let column: Int
        let edge_m: Double
        let bounds: BoundingBox
        let center: Coordinate
        let polygon: [[Double]]
        let parent: String?
        let neighbors: [String]
        let point: Coordinate?
    }

    mutating func run() throws {
        let values = try positionalValues(values, shape: ["LAT,LON|TILE_ID"])
        let tiler: GridTiler
        do {
            tiler = try GridTiler(baseEdgeMeters: baseEdge)
        } catch {
            throw InputError("--base-edge: \(error.description)")
        }
        let text = values[0]
        var point: Coordinate? = nil
        let tile: TileID
        if text.contains(",") {
            let coordinate = try parseCoordinate(text, argument: "point")
            point = coordinate
            do {
                tile = try tiler.tile(for: coordinate, level: level)
            } catch {
                throw InputError("--level: \(error.description)")
            }
        } else if let raw = UInt64(text) {
            tile = try TileID(rawValue: raw, tiler: tiler)
        } else {
            tile = try TileID(parsing: text, tiler: tiler)
        }
        let bounds = try tiler.bounds(of: tile)
        let output = Output(
            tile_id: tile.description, id: tile.description, raw: tile.rawValue,
            level: tile.level, row: tile.row, column: tile.column,
            edge_m: tiler.edgeMeters(level: tile.level), bounds: bounds,
            center: try tiler.center(of: tile),
            polygon: try tiler.polygon(of: tile).map { [$0.longitude, $0.latitude] },
            parent: tiler.parent(of: tile)?.description,
            neighbors: try tiler.neighbors(of: tile).map(\.description), point: point)
        if json {
            print(try CLIJSON.pretty(output))
        } else {
            print(
                """
                tile      \(output.tile_id)  (integer \(output.raw))
                level     \(output.level), row \(output.row), column \(output.column), edge ≈ \(OutputFormat.number(output.edge_m, decimals: 0)) m
                center    \(output.center)
                bounds    S \(Coordinate.formatDegrees(bounds.south)) W \(Coordinate.formatDegrees(bounds.west)) N \(Coordinate.formatDegrees(bounds.north)) E \(Coordinate.formatDegrees(bounds.east))
                parent    \(output.parent ?? "none (top level)")
                neighbors \(output.neighbors.joined(separator: " "))
                """)
        }
    }
}
