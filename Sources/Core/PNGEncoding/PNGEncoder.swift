import CZlib

/// A fast PNG writer: 8-bit RGB (opaque Cairo canvases) or RGBA (map tiles), the Sub filter on
/// every row, and zlib's run-length strategy at level 1.
///
/// Why not `cairo_surface_write_to_png_stream`: it goes through libpng with zlib level 6 and
/// adaptive filtering, which costs several times the instructions of this writer for files of
/// the same size (the Sub filter turns smooth gradients into runs of small deltas that RLE
/// compresses well). The instruction counts are in docs/benchmarks.md (Photo Wrapped cards).
public enum PNGEncoder {
    /// Errors zlib reported while compressing.
    public struct DeflateError: Error, Sendable {
        /// zlib's status code.
        public var status: Int32
    }

    /// Encodes `height` rows of `width` Cairo ARGB32/RGB24 pixels (native-endian 32-bit words,
    /// `stride` bytes apart; alpha ignored: the canvas is opaque) as PNG bytes.
    public static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int)
        throws(DeflateError)
        -> [UInt8]
    {
        let rowBytes = 1 + width * 3
        var filtered = [UInt8](repeating: 0, count: rowBytes * height)
        filtered.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let source = pixels + y * stride
                let row = y * rowBytes
                out[row] = 1  // Sub: each byte minus the same channel of the pixel to its left.
                var (red, green, blue): (UInt8, UInt8, UInt8) = (0, 0, 0)
                for x in 0..<width {
                    // Little-endian ARGB32 words are B, G, R, A in memory.
                    let b = source[x * 4]
                    let g = source[x * 4 + 1]
                    let r = source[x * 4 + 2]
                    let at = row + 1 + x * 3
                    out[at] = r &- red
                    out[at + 1] = g &- green
                    out[at + 2] = b &- blue
                    (red, green, blue) = (r, g, b)
                }
            }
        }
        return try assemble(width: width, height: height, colourType: 2, filtered: filtered)
    }

    /// Encodes `height` rows of `width` straight (not premultiplied) RGBA pixels, 4 bytes each,
    /// rows packed, as PNG bytes (colour type 6), for transparent overlays such as map tiles.
    /// - Precondition: `rgba.count == width * height * 4`.
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws(DeflateError) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "RGBA buffer size does not match width × height")
        let rowBytes = 1 + width * 4
        var filtered = [UInt8](repeating: 0, count: rowBytes * height)
        filtered.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = y * rowBytes
                    out[row] = 1  // Sub
                    for index in 0..<(width * 4) {
                        let value = source[y * width * 4 + index]
                        let left: UInt8 = index >= 4 ? source[y * width * 4 + index - 4] : 0
                        out[row + 1 + index] = value &- left
                    }
                }
            }
        }
        return try assemble(width: width, height: height, colourType: 6, filtered: filtered)
    }

    /// Deflates filtered rows and wraps them in the signature, IHDR, IDAT and IEND.
    private static func assemble(width: Int, height: Int, colourType: UInt8, filtered: [UInt8])
        throws(DeflateError) -> [UInt8]
    {
        let compressed = try deflate(filtered)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, colourType, 0, 0, 0]  // 8 bits, colour type, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", compressed, into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func deflate(_ input: [UInt8]) throws(DeflateError) -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, Z_BEST_SPEED, Z_DEFLATED, MAX_WBITS, 8, Z_RLE, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw DeflateError(status: status) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                status = CZlib.deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw DeflateError(status: status) }
        return Array(output.prefix(produced))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        png += bigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
