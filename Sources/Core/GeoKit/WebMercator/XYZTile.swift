import Foundation

/// One tile of the Web Mercator (EPSG:3857) XYZ scheme web maps and `MKTileOverlay` use:
/// zoom `z` has 2^z × 2^z tiles, `x` grows eastward from 180° W, `y` southward from about 85.05° N.
///
/// Invariants: `z` is in ``zoomRange``; `x` and `y` are in `0..<2^z`. The projection is the
/// spherical one every web map uses (OSM's "Slippy map tilenames").
public struct XYZTile: Sendable, Hashable, CustomStringConvertible {
    /// The zooms this type accepts (2^30 tiles a side fits an `Int` comfortably).
    public static let zoomRange = 0...30

    /// Zoom level.
    public let z: Int
    /// Column, from the west.
    public let x: Int
    /// Row, from the north.
    public let y: Int

    /// Creates a tile.
    ///
    /// - Throws: ``XYZTileError`` naming the value out of range.
    public init(z: Int, x: Int, y: Int) throws(XYZTileError) {
        guard Self.zoomRange.contains(z) else { throw .zoomOutOfRange(z, Self.zoomRange) }
        let side = 1 << z
        guard (0..<side).contains(x) else { throw .columnOutOfRange(x, zoom: z) }
        guard (0..<side).contains(y) else { throw .rowOutOfRange(y, zoom: z) }
        self.z = z
        self.x = x
        self.y = y
    }

    /// Creates a tile the caller has already checked (`z` in ``zoomRange``, `x` and `y` in
    /// `0..<2^z`), as ``BoundingBox/init(uncheckedSouth:west:north:east:)`` does for boxes.
    public init(uncheckedZ z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// The latitude/longitude box the tile covers.
    public var bounds: BoundingBox {
        let n = Double(1 << z)
        func latitude(_ row: Double) -> Double { atan(sinh(Double.pi * (1 - 2 * row / n))) * 180 / Double.pi }
        return BoundingBox(
            uncheckedSouth: latitude(Double(y + 1)), west: Double(x) / n * 360 - 180,
            north: latitude(Double(y)), east: Double(x + 1) / n * 360 - 180)
    }

    /// Where `latitude`, `longitude` falls on the tile, in pixels of a `size` × `size` raster
    /// from its top-left corner (values outside `0..<size` are off the tile).
    ///
    /// Latitudes beyond ±85.0511° project off the top or bottom of the world, as in every web map.
    public func pixel(latitude: Double, longitude: Double, size: Int) -> (x: Double, y: Double) {
        let n = Double(1 << z)
        let column = (longitude + 180) / 360 * n
        let radians = latitude * Double.pi / 180
        let row = (1 - log(tan(radians) + 1 / cos(radians)) / Double.pi) / 2 * n
        return ((column - Double(x)) * Double(size), (row - Double(y)) * Double(size))
    }
}

/// Why an ``XYZTile`` could not be made.
public enum XYZTileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The zoom is outside the accepted range.
    case zoomOutOfRange(Int, ClosedRange<Int>)
    /// `x` is outside `0..<2^z`.
    case columnOutOfRange(Int, zoom: Int)
    /// `y` is outside `0..<2^z`.
    case rowOutOfRange(Int, zoom: Int)

    /// One line naming the value and the range it must be in.
    public var description: String {
        switch self {
        case .zoomOutOfRange(let z, let range): "z = \(z) must be in \(range.lowerBound)...\(range.upperBound)"
        case .columnOutOfRange(let x, let z): "x = \(x) must be in 0..<\(1 << z) at zoom \(z)"
        case .rowOutOfRange(let y, let z): "y = \(y) must be in 0..<\(1 << z) at zoom \(z)"
        }
    }
}
