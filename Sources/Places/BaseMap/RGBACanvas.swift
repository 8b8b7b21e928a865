/// A square RGBA raster (straight alpha, row by row from the top-left) that fills polygons and
/// strokes lines with source-over blending. Starts fully transparent.
///
/// Coordinates are pixels with (0, 0) at the top-left corner of the top-left pixel; pixel
/// (i, j) is sampled at its centre (i + 0.5, j + 0.5).
struct RGBACanvas {
    /// An opaque-or-translucent colour, components 0–255.
    struct Colour: Equatable {
        var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    }

    /// Pixels per side.
    let size: Int
    /// The bytes, 4 per pixel.
    private(set) var rgba: [UInt8]

    /// A transparent canvas of `size` × `size` pixels.
    init(size: Int) {
        self.size = size
        rgba = [UInt8](repeating: 0, count: size * size * 4)
    }

    /// Fills the polygon (even–odd rule, pixel centres inside are painted).
    ///
    /// - Complexity: O(rows × vertices) for the rows the polygon spans.
    mutating func fill(polygon points: [(x: Double, y: Double)], colour: Colour) {
        guard points.count >= 3 else { return }
        let ys = points.map(\.y)
        let top = max(0, Int((ys.min() ?? 0).rounded(.down)))
        let bottom = min(size - 1, Int((ys.max() ?? 0).rounded(.up)))
        guard top <= bottom else { return }
        var crossings: [Double] = []
        for row in top...bottom {
            let y = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            var previous = points[points.count - 1]
            for point in points {
                if (point.y > y) != (previous.y > y) {
                    crossings.append(previous.x + (y - previous.y) / (point.y - previous.y) * (point.x - previous.x))
                }
                previous = point
            }
            crossings.sort()
            var index = 0
            while index + 1 < crossings.count {
                let first = max(0, Int((crossings[index] - 0.5).rounded(.up)))
                let last = min(size - 1, Int((crossings[index + 1] - 0.5).rounded(.down)))
                if first <= last { for column in first...last { blend(column, row, colour, coverage: 1) } }
                index += 2
            }
        }
    }

    /// Strokes the polyline `width` pixels wide with round joins and caps, anti-aliased over
    /// about one pixel at its edges.
    ///
    /// - Complexity: O(segments × width × length) pixels visited.
    mutating func stroke(line points: [(x: Double, y: Double)], width: Double, colour: Colour) {
        guard points.count >= 2 else { return }
        let half = width / 2
        // Per pixel, the best coverage from any segment: joins are not painted twice.
        var touched: [Int: Double] = [:]
        for (a, b) in zip(points, points.dropFirst()) {
            let left = max(0, Int((min(a.x, b.x) - half - 1).rounded(.down)))
            let right = min(size - 1, Int((max(a.x, b.x) + half + 1).rounded(.up)))
            let top = max(0, Int((min(a.y, b.y) - half - 1).rounded(.down)))
            let bottom = min(size - 1, Int((max(a.y, b.y) + half + 1).rounded(.up)))
            guard left <= right, top <= bottom else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            for row in top...bottom {
                for column in left...right {
                    let px = Double(column) + 0.5, py = Double(row) + 0.5
                    let t = length2 > 0 ? max(0, min(1, ((px - a.x) * dx + (py - a.y) * dy) / length2)) : 0
                    let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                    let coverage = min(1, half + 0.5 - (ex * ex + ey * ey).squareRoot())
                    guard coverage > 0 else { continue }
                    let key = row * size + column
                    touched[key] = max(touched[key] ?? 0, coverage)
                }
            }
        }
        for (key, coverage) in touched { blend(key % size, key / size, colour, coverage: coverage) }
    }

    /// Source-over of `colour` at `coverage` (0–1) onto pixel (`column`, `row`).
    private mutating func blend(_ column: Int, _ row: Int, _ colour: Colour, coverage: Double) {
        let at = (row * size + column) * 4
        let source = Double(colour.alpha) / 255 * coverage
        let destination = Double(rgba[at + 3]) / 255
        let alpha = source + destination * (1 - source)
        guard alpha > 0 else { return }
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(((Double(s) * source + Double(d) * destination * (1 - source)) / alpha).rounded())
        }
        rgba[at] = mix(colour.red, rgba[at])
        rgba[at + 1] = mix(colour.green, rgba[at + 1])
        rgba[at + 2] = mix(colour.blue, rgba[at + 2])
        rgba[at + 3] = UInt8((alpha * 255).rounded())
    }
}
