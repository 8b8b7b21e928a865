import Foundation
import GeoKit
import PlaceKit

/// Draws the imported area into a 256 × 256 XYZ tile: building footprints filled, then streets
/// stroked from the least to the most prominent, on a transparent background (a tile with
/// nothing in it is fully transparent). A pure function of (streets, buildings, tile).
///
/// Colours are light on transparent, for the status page's dark canvas; widths grow with zoom
/// (``width(of:zoom:)``).
public enum BaseMapRenderer {
    /// Pixels per side.
    public static let size = 256

    /// Building footprint fill.
    static let building = RGBACanvas.Colour(red: 58, green: 78, blue: 92, alpha: 255)

    /// Street colour by kind.
    static func colour(of kind: Street.Kind) -> RGBACanvas.Colour {
        switch kind {
        case .major: RGBACanvas.Colour(red: 236, green: 214, blue: 150, alpha: 255)
        case .minor: RGBACanvas.Colour(red: 196, green: 210, blue: 218, alpha: 255)
        case .path: RGBACanvas.Colour(red: 130, green: 156, blue: 170, alpha: 255)
        }
    }

    /// The stroke width in pixels of a street of `kind` at `zoom`: 10, 7 and 2.5 px at zoom 18
    /// (about 6, 4 and 1.5 m at 60° N), halving every 1.5 zoom levels below it, at least 1 px.
    public static func width(of kind: Street.Kind, zoom: Int) -> Double {
        let atEighteen: Double =
            switch kind {
            case .major: 10
            case .minor: 7
            case .path: 2.5
            }
        return max(1, atEighteen * pow(2, Double(zoom - 18) / 1.5))
    }

    /// How far outside the tile (in degrees of the tile's width) geometry is fetched, so a
    /// street just beyond the edge still draws its stroke's overhang.
    public static func margin(of tile: XYZTile) -> Double {
        let pixels = width(of: .major, zoom: tile.z) / 2 + 1
        return (tile.bounds.east - tile.bounds.west) * pixels / Double(size)
    }

    /// RGBA pixels (straight alpha) of the tile.
    ///
    /// - Complexity: O(vertices + painted pixels).
    public static func pixels(streets: [Street], buildings: [Building], tile: XYZTile) -> [UInt8] {
        var canvas = RGBACanvas(size: size)
        func project(_ points: [Coordinate]) -> [(x: Double, y: Double)] {
            points.map { tile.pixel(latitude: $0.latitude, longitude: $0.longitude, size: size) }
        }
        for building in buildings {
            canvas.fill(polygon: project(building.footprint), colour: Self.building)
        }
        for street in streets.sorted(by: { $0.kind < $1.kind }) {
            canvas.stroke(
                line: project(street.line), width: width(of: street.kind, zoom: tile.z), colour: colour(of: street.kind))
        }
        return canvas.rgba
    }
}
