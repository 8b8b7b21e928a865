import Foundation
import GeoKit
import HeatAggregation
import PNGEncoding

/// Draws released heat into a 256 × 256 XYZ (Web Mercator) map tile: each released grid tile
/// is filled with the heat colour at its intensity as alpha; finer tiles are drawn last. A
/// pure function of (cells, z, x, y).
public enum HeatTileRenderer {
    /// Pixels per side.
    public static let size = 256

    /// The latitude/longitude box of XYZ tile (z, x, y).
    public static func bounds(z: Int, x: Int, y: Int) -> BoundingBox {
        XYZTile(uncheckedZ: z, x: x, y: y).bounds
    }

    /// RGBA pixels (straight alpha) of the tile.
    public static func pixels(cells: [HeatCell], tiler: GridTiler, z: Int, x: Int, y: Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: size * size * 4)
        let tile = XYZTile(uncheckedZ: z, x: x, y: y)
        func pixelX(_ longitude: Double) -> Double { tile.pixel(latitude: 0, longitude: longitude, size: size).x }
        func pixelY(_ latitude: Double) -> Double { tile.pixel(latitude: latitude, longitude: 0, size: size).y }
        for cell in cells.sorted(by: { ($0.tile.level, $0.tile) > ($1.tile.level, $1.tile) }) {
            guard let box = try? tiler.bounds(of: cell.tile) else { continue }
            let left = max(0, Int(pixelX(box.west).rounded(.down)))
            let right = min(size, Int(pixelX(box.east).rounded(.up)))
            let top = max(0, Int(pixelY(box.north).rounded(.down)))
            let bottom = min(size, Int(pixelY(box.south).rounded(.up)))
            guard left < right, top < bottom else { continue }
            let (red, green, blue) = colour(cell.intensity)
            let alpha = UInt8(max(0, min(255, (cell.intensity * 255).rounded())))
            for row in top..<bottom {
                for column in left..<right {
                    let at = (row * size + column) * 4
                    rgba[at] = red
                    rgba[at + 1] = green
                    rgba[at + 2] = blue
                    rgba[at + 3] = alpha
                }
            }
        }
        return rgba
    }

    /// The PNG of the tile.
    public static func png(cells: [HeatCell], tiler: GridTiler, z: Int, x: Int, y: Int) throws -> [UInt8] {
        try PNGEncoder.encode(
            rgba: pixels(cells: cells, tiler: tiler, z: z, x: x, y: y), width: size, height: size)
    }

    /// Heat colour: from teal (low) through amber to red (high).
    static func colour(_ intensity: Double) -> (UInt8, UInt8, UInt8) {
        let t = max(0, min(1, intensity / 0.85))
        return (UInt8(40 + 215 * t), UInt8(180 - 120 * t), UInt8(170 - 150 * t))
    }
}
