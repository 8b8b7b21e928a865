import Foundation
import GeoKit

/// The fixed grid of the cell-packed name index (`place_cells`, see ``PlaceStoreSchema``):
/// latitude bands of 1/128° (≈ 0.87 km), each cut into as many equal longitude columns as keep
/// a column at least ≈ 0.87 km wide at the band's pole-ward edge (one column at the poles). A
/// 2 km search reads about 6 × 6 cells; a cell of a dense city centre holds a few hundred places
/// (blobs of tens of KB, which SQLite hands over without large allocations).
///
/// A cell's key is `band << 16 | column` (bands 0…23 039 from the south pole, columns
/// 0…46 079 from −180°), so the cells of one band that a box overlaps are one contiguous key
/// range. Keys come from `floor` of monotone floating-point expressions, so a point with
/// `west ≤ lon ≤ east` always lies in a column between those of `west` and `east`: a box's cover
/// never misses a point inside it, on a cell border included.
enum PlaceCellGrid {
    /// Bands per degree of latitude.
    static let bandsPerDegree = 128.0
    /// Number of latitude bands (−90° … 90°).
    static let bandCount = 180 * 128
    /// Boxes taller than this many bands (1°) are served by the R*Tree instead (a query that
    /// large reads most of its cells anyway, and the band loop would be long).
    static let maximumBands = 128

    /// The band of a latitude (clamped to the grid, so ±90° and out-of-range values are safe).
    static func band(latitude: Double) -> Int {
        let raw = ((latitude + 90) * bandsPerDegree).rounded(.down)
        guard raw.isFinite else { return 0 }
        return Int(max(0, min(Double(bandCount - 1), raw)))
    }

    /// Longitude columns in `band` (1 … 46 079), from the cosine of its pole-ward edge.
    static func columnCount(band: Int) -> Int {
        let south = Double(band) / bandsPerDegree - 90
        let north = Double(band + 1) / bandsPerDegree - 90
        let edge = max(abs(south), abs(north)) * .pi / 180
        return max(1, Int((360 * bandsPerDegree * cos(edge)).rounded(.down)))
    }

    /// The column of a longitude in a band of `columns` columns (clamped, so ±180° are safe).
    static func column(longitude: Double, columns: Int) -> Int {
        let raw = ((longitude + 180) / 360 * Double(columns)).rounded(.down)
        guard raw.isFinite else { return 0 }
        return Int(max(0, min(Double(columns - 1), raw)))
    }

    /// The cell key of a coordinate.
    static func key(_ coordinate: Coordinate) -> Int64 {
        let band = band(latitude: coordinate.latitude)
        return key(
            band: band, column: column(longitude: coordinate.longitude, columns: columnCount(band: band)))
    }

    /// `band << 16 | column`.
    static func key(band: Int, column: Int) -> Int64 { Int64(band) << 16 | Int64(column) }

    /// The band of a key.
    static func band(ofKey key: Int64) -> Int { Int(key >> 16) }

    /// The key ranges (inclusive, one or two per band, never overlapping) of the cells that
    /// `box` overlaps, or `nil` when the box is taller than ``maximumBands`` bands.
    ///
    /// The box is widened by `margin` degrees on every side first, so a point the R*Tree's
    /// outward-rounded boxes would return is never outside the cover.
    static func cover(_ box: BoundingBox, margin: Double = 1e-6) -> [ClosedRange<Int64>]? {
        let first = band(latitude: box.south - margin)
        let last = band(latitude: box.north + margin)
        guard last - first < maximumBands else { return nil }
        var ranges: [ClosedRange<Int64>] = []
        for band in first...last {
            let columns = columnCount(band: band)
            var spans: [ClosedRange<Int>] = []
            for part in box.nonWrappingParts {
                let west = column(longitude: part.west - margin, columns: columns)
                let east = column(longitude: part.east + margin, columns: columns)
                spans.append(west...max(west, east))
            }
            spans.sort { $0.lowerBound < $1.lowerBound }
            var merged: [ClosedRange<Int>] = []
            for span in spans {
                if let previous = merged.last, span.lowerBound <= previous.upperBound + 1 {
                    merged[merged.count - 1] = previous.lowerBound...max(previous.upperBound, span.upperBound)
                } else {
                    merged.append(span)
                }
            }
            for span in merged {
                ranges.append(
                    key(band: band, column: span.lowerBound)...key(band: band, column: span.upperBound))
            }
        }
        return ranges
    }

    /// A box containing every coordinate whose key is `key` (slightly generous), for finding a
    /// cell's places through the R*Tree.
    static func bounds(ofKey key: Int64) -> BoundingBox {
        let band = band(ofKey: key)
        let column = Int(key & 0xFFFF)
        let columns = columnCount(band: band)
        let slack = 1e-7
        let south = max(-90, Double(band) / bandsPerDegree - 90 - slack)
        let north = min(90, Double(band + 1) / bandsPerDegree - 90 + slack)
        let west = max(-180, Double(column) * 360 / Double(columns) - 180 - slack)
        let east = min(180, Double(column + 1) * 360 / Double(columns) - 180 + slack)
        return BoundingBox(uncheckedSouth: south, west: west, north: north, east: east)
    }
}
