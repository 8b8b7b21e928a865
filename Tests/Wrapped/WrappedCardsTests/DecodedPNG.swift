import CCairo

/// A PNG decoded back with Cairo's own reader (cairo_image_surface_create_from_png_stream), for
/// checking the renderer's pixels.
struct DecodedPNG {
    let width: Int
    let height: Int
    /// Premultiplied ARGB32 words, row-major.
    let pixels: [UInt32]

    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init?(_ png: [UInt8]) {
        let source = Source(png)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    source.bytes.withUnsafeBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        data.update(from: base + source.offset, count: count)
                    }
                    source.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var words = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = data + y * stride + x * 4
                words[y * width + x] =
                    UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
            }
        }
        pixels = words
    }

    /// (red, green, blue) of a pixel (the cards are opaque, so premultiplication is moot).
    func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        let word = pixels[y * width + x]
        return (Double((word >> 16) & 0xFF), Double((word >> 8) & 0xFF), Double(word & 0xFF))
    }

    /// Mean colour over a rectangle.
    func mean(x: Int, y: Int, width w: Int, height h: Int) -> (Double, Double, Double) {
        var sum = (0.0, 0.0, 0.0)
        for row in y..<(y + h) {
            for column in x..<(x + w) {
                let (r, g, b) = rgb(column, row)
                sum = (sum.0 + r, sum.1 + g, sum.2 + b)
            }
        }
        let n = Double(w * h)
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    /// Standard deviation of luminance (Rec. 601 weights) over a rectangle.
    func luminanceDeviation(x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var values: [Double] = []
        for row in y..<(y + h) {
            for column in x..<(x + w) {
                let (r, g, b) = rgb(column, row)
                values.append(0.299 * r + 0.587 * g + 0.114 * b)
            }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
    }

    /// How many pixels differ between the same rows of two images.
    func differingPixels(from other: DecodedPNG, rows: Range<Int>) -> Int {
        var count = 0
        for y in rows {
            for x in 0..<width where (pixels[y * width + x] ^ other.pixels[y * width + x]) & 0xFF_FFFF != 0 {
                count += 1
            }
        }
        return count
    }
}
