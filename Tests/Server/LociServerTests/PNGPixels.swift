import CZlib
import Foundation

/// Decodes the 8-bit RGBA PNGs the server serves, independently of the encoder: chunks, zlib
/// inflate (the system zlib), and the None and Sub row filters the encoder may use. Anything
/// else (another colour type, bit depth, filter or interlacing) is a test failure, not a guess.
/// With `screenshot: true` it also reads what Chromium's screenshots are: 8-bit RGB (alpha 255)
/// and all five row filters.
struct PNGPixels {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// RGBA, row by row.
    let rgba: [UInt8]

    init(_ png: [UInt8], screenshot: Bool = false) throws {
        guard png.count > 8, Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG signature")
        }
        func be32(_ at: Int) -> Int {
            Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
        }
        var offset = 8
        var header: ArraySlice<UInt8> = []
        var compressed: [UInt8] = []
        while offset + 12 <= png.count {
            let length = be32(offset)
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= png.count else { throw Failure(description: "\(type) chunk runs past the end") }
            let data = png[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = data }
            if type == "IDAT" { compressed += data }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        let ihdr = Array(header)
        width = Int(ihdr[0]) << 24 | Int(ihdr[1]) << 16 | Int(ihdr[2]) << 8 | Int(ihdr[3])
        height = Int(ihdr[4]) << 24 | Int(ihdr[5]) << 16 | Int(ihdr[6]) << 8 | Int(ihdr[7])
        guard ihdr[8] == 8, ihdr[9] == 6 || (screenshot && ihdr[9] == 2), ihdr[12] == 0 else {
            throw Failure(description: "depth \(ihdr[8]), colour type \(ihdr[9]), interlace \(ihdr[12]): not 8-bit RGBA")
        }
        let channels = ihdr[9] == 6 ? 4 : 3
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else {
            throw Failure(description: "zlib status \(status), \(rawLength) of \(raw.count) bytes")
        }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let filter = raw[row * (rowBytes + 1)]
            let source = row * (rowBytes + 1) + 1
            guard filter <= 1 || (screenshot && filter <= 4) else {
                throw Failure(description: "row \(row): filter \(filter) is not None or Sub")
            }
            for index in 0..<rowBytes {
                let left = index >= channels ? Int(pixels[row * rowBytes + index - channels]) : 0
                let up = row > 0 ? Int(pixels[(row - 1) * rowBytes + index]) : 0
                let corner = row > 0 && index >= channels ? Int(pixels[(row - 1) * rowBytes + index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                default:
                    let estimate = left + up - corner
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                    predictor = a <= b && a <= c ? left : b <= c ? up : corner
                }
                pixels[row * rowBytes + index] = raw[source + index] &+ UInt8(predictor)
            }
        }
        if channels == 4 {
            rgba = pixels
        } else {
            var expanded = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<(width * height) {
                expanded[pixel * 4] = pixels[pixel * 3]
                expanded[pixel * 4 + 1] = pixels[pixel * 3 + 1]
                expanded[pixel * 4 + 2] = pixels[pixel * 3 + 2]
            }
            rgba = expanded
        }
    }

    /// The RGBA of pixel (`x`, `y`).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }
}
