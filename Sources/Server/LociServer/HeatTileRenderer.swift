import Foundation
import GeoKit
import HeatAggregation
import PNGEncoding

/// How heat values become colours on a PNG tile (`?palette=`).
public enum HeatPalette: String, Sendable, CaseIterable {
    /// Teal (low) through amber to red (high), with the heat value as alpha.
    case standard
    /// A ramp whose lightness rises with the heat (dark blue, grey, yellow: cividis-like), with
    /// stronger alpha: readable without colour vision, where hue alone says nothing.
    case highContrast = "high-contrast"

    /// The palette a `palette` query parameter names (absent: ``standard``); nil for any other.
    public init?(query: String?) {
        guard let query else {
            self = .standard
            return
        }
        self.init(rawValue: query)
    }

    /// Straight RGBA of heat `value` (the field's intensity, `0...top`: `top` draws the hottest
    /// colour). Continuous in the value and fully transparent at 0, so the field fades out
    /// without an edge.
    public func rgba(_ value: Double, top: Double) -> (UInt8, UInt8, UInt8, UInt8) {
        guard value > 0 else { return (0, 0, 0, 0) }
        let t = max(0, min(1, value / max(top, 1e-9)))
        func byte(_ unit: Double) -> UInt8 { UInt8(max(0, min(255, (unit * 255).rounded()))) }
        switch self {
        case .standard:
            return (UInt8(40 + 215 * t), UInt8(180 - 120 * t), UInt8(170 - 150 * t), byte(0.85 * t))
        case .highContrast:
            // cividis stops at t = 0, ½, 1: (0, 32, 77), (124, 123, 120), (255, 234, 70).
            let (low, high, u) =
                t < 0.5
                ? ((0.0, 32.0, 77.0), (124.0, 123.0, 120.0), t * 2)
                : ((124.0, 123.0, 120.0), (255.0, 234.0, 70.0), t * 2 - 1)
            func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * u).rounded()) }
            return (mix(low.0, high.0), mix(low.1, high.1), mix(low.2, high.2), byte(0.9 * t.squareRoot()))
        }
    }
}

/// Draws released heat into a 256 × 256 XYZ (Web Mercator) map tile as a blended field: each
/// released grid tile spreads its intensity over a smooth compact kernel (quartic,
/// `(1 − r²/R²)²`, radius ``kernelRadius`` of its edge) around its centre, normalised so a
/// uniform run of tiles of one intensity draws that intensity; each level is its own field and
/// a pixel shows the largest. A pure function of (cells, z, x, y): positions are the Web
/// Mercator pixels of the world, so two neighbouring map tiles drawn from the same cells agree
/// along their shared edge. Read the cells for ``readBounds(z:x:y:tiler:)``, which reaches
/// past the map tile as far as a kernel does. Post-processing of releases only.
public enum HeatTileRenderer {
    /// Pixels per side.
    public static let size = 256

    /// The kernel's radius in edges of the grid tile it spreads: about a tile around it.
    public static let kernelRadius = 1.25

    /// The latitude/longitude box of XYZ tile (z, x, y).
    public static func bounds(z: Int, x: Int, y: Int) -> BoundingBox {
        XYZTile(uncheckedZ: z, x: x, y: y).bounds
    }

    /// The box whose released tiles can colour XYZ tile (z, x, y): its bounds widened by the
    /// reach of the coarsest level's kernel (with a margin for cells that are not square).
    public static func readBounds(z: Int, x: Int, y: Int, tiler: GridTiler) -> BoundingBox {
        let box = bounds(z: z, x: x, y: y)
        let reach = 1.5 * kernelRadius * tiler.edgeMeters(level: tiler.levels - 1)
        let metresPerDegree = 111_195.0
        let widestLatitude = min(85, max(abs(box.south), abs(box.north)))
        let dLat = reach / metresPerDegree
        let dLon = reach / (metresPerDegree * max(0.05, cos(widestLatitude * Double.pi / 180)))
        // Clamped to the globe, not to Web Mercator's ±85.05°: the top and bottom rows of tiles
        // reach past 85°, and a clamp there would put north below south.
        return BoundingBox(
            uncheckedSouth: max(-90, box.south - dLat), west: max(-180, box.west - dLon),
            north: min(90, box.north + dLat), east: min(180, box.east + dLon))
    }

    /// The field's value at each pixel (row by row), in intensity units.
    public static func field(cells: [HeatCell], tiler: GridTiler, z: Int, x: Int, y: Int) -> [Double] {
        let tile = XYZTile(uncheckedZ: z, x: x, y: y)
        func pixel(_ coordinate: (Double, Double)) -> (x: Double, y: Double) {
            tile.pixel(latitude: coordinate.0, longitude: coordinate.1, size: size)
        }
        var result = [Double](repeating: 0, count: size * size)
        let byLevel = Dictionary(grouping: cells) { $0.tile.level }
        for level in byLevel.keys.sorted() {
            var layer = [Double](repeating: 0, count: size * size)
            for cell in byLevel[level] ?? [] where cell.intensity > 0 {
                guard let box = try? tiler.bounds(of: cell.tile) else { continue }
                let northWest = pixel((box.north, box.west))
                let southEast = pixel((box.south, box.east))
                let width = southEast.x - northWest.x
                let height = southEast.y - northWest.y
                guard width > 0, height > 0 else { continue }
                let centre = ((northWest.x + southEast.x) / 2, (northWest.y + southEast.y) / 2)
                let radius = kernelRadius * (width * height).squareRoot()
                // ∫ (1 − r²/R²)² dA = πR²/3: the cell's intensity over its area, spread.
                let scale = cell.intensity * width * height / (Double.pi * radius * radius / 3)
                let left = max(0, Int((centre.0 - radius).rounded(.down)))
                let right = min(size - 1, Int((centre.0 + radius).rounded(.up)))
                let top = max(0, Int((centre.1 - radius).rounded(.down)))
                let bottom = min(size - 1, Int((centre.1 + radius).rounded(.up)))
                guard left <= right, top <= bottom else { continue }
                for row in top...bottom {
                    let dy = (Double(row) + 0.5 - centre.1) / radius
                    for column in left...right {
                        let dx = (Double(column) + 0.5 - centre.0) / radius
                        let u = 1 - (dx * dx + dy * dy)
                        if u > 0 { layer[row * size + column] += scale * u * u }
                    }
                }
            }
            for index in result.indices where layer[index] > result[index] { result[index] = layer[index] }
        }
        return result
    }

    /// The intensity that draws the hottest colour: what a saturated count-only tile reads
    /// (`f = 1`, similarity 0: `sigmoid(β)`, 0.12 for the standard model). The tile route reads
    /// count-only heat, so its colours span what such reads can show.
    public static func top(model: HeatIntensityModel = .standard) -> Double {
        min(model.maxAlpha, model.similarityWeight(0))
    }

    /// RGBA pixels (straight alpha) of the tile in `palette`, coloured from 0 to `top`.
    public static func pixels(
        cells: [HeatCell], tiler: GridTiler, z: Int, x: Int, y: Int, palette: HeatPalette = .standard,
        top: Double = HeatTileRenderer.top()
    ) -> [UInt8] {
        let values = field(cells: cells, tiler: tiler, z: z, x: x, y: y)
        var rgba = [UInt8](repeating: 0, count: size * size * 4)
        for (index, value) in values.enumerated() where value > 0 {
            let (red, green, blue, alpha) = palette.rgba(value, top: top)
            rgba[index * 4] = red
            rgba[index * 4 + 1] = green
            rgba[index * 4 + 2] = blue
            rgba[index * 4 + 3] = alpha
        }
        return rgba
    }

    /// The PNG of the tile.
    public static func png(
        cells: [HeatCell], tiler: GridTiler, z: Int, x: Int, y: Int, palette: HeatPalette = .standard
    ) throws -> [UInt8] {
        try PNGEncoder.encode(
            rgba: pixels(cells: cells, tiler: tiler, z: z, x: x, y: y, palette: palette), width: size, height: size)
    }

    /// One swatch of the legend: the colour a steady crowd of `people` in every base tile draws
    /// (for a count-only read, the tile route's).
    public struct LegendEntry: Sendable, Equatable {
        /// People per base tile (a noisy released count).
        public var people: Int
        /// The colour, straight RGBA.
        public var rgba: [UInt8]
    }

    /// The people counts the legend shows.
    public static let legendPeople = [5, 10, 25, 50, 100, 200]

    /// What each colour means in people: the colour of a uniform field where every base tile
    /// released `people` (intensity `f(people) · sigmoid(β)`, what a count-only read makes).
    public static func legend(
        model: HeatIntensityModel = .standard, palette: HeatPalette = .standard
    ) -> [LegendEntry] {
        legendPeople.map { people in
            let value = min(model.maxAlpha, model.countWeight(people) * model.similarityWeight(0))
            let (red, green, blue, alpha) = palette.rgba(value, top: top(model: model))
            return LegendEntry(people: people, rgba: [red, green, blue, alpha])
        }
    }
}
