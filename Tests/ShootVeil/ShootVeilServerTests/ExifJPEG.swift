import Foundation
import IdentifyKit

/// A still camera for Linux: its "photo" is a JPEG holding an Exif segment and a frame header written here
/// (little-endian TIFF: orientation 1; pixel size and 35 mm focal length; GPS position, altitude
/// and `GPSImgDirection` true) from the tags it is given, as the phone's adapter writes them
/// through ImageIO. There is no metadata writer in the package (PhotoMetadata only reads).
struct ExifJPEGCamera: StillCamera {
    var width = 3024
    var height = 4032
    var focalLength35mm = 26

    func capturePhoto(tags: StillPhotoTags) async throws -> Data {
        ExifJPEG.file(tags: tags, width: width, height: height, focalLength35mm: focalLength35mm)
    }
}

enum ExifJPEG {
    // TIFF field types.
    static let byte: UInt16 = 1
    static let ascii: UInt16 = 2
    static let short: UInt16 = 3
    static let long: UInt16 = 4
    static let rational: UInt16 = 5

    struct Field {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: [UInt8]
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    static func text(_ tag: UInt16, _ s: String) -> Field {
        Field(tag: tag, type: ascii, count: UInt32(s.utf8.count + 1), value: Array(s.utf8) + [0])
    }
    static func rationals(_ tag: UInt16, _ pairs: [(UInt32, UInt32)]) -> Field {
        Field(tag: tag, type: rational, count: UInt32(pairs.count), value: pairs.flatMap { le32($0.0) + le32($0.1) })
    }
    /// Degrees, minutes and seconds (to 1/10000″).
    static func dms(_ value: Double) -> [(UInt32, UInt32)] {
        let v = abs(value)
        let degrees = UInt32(v)
        let minutes = UInt32((v - Double(degrees)) * 60)
        let seconds = UInt32((((v - Double(degrees)) * 60 - Double(minutes)) * 60 * 10_000).rounded())
        return [(degrees, 1), (minutes, 1), (seconds, 10_000)]
    }

    static func size(_ fields: [Field]) -> Int {
        2 + 12 * fields.count + 4 + fields.filter { $0.value.count > 4 }.reduce(0) { $0 + $1.value.count + ($1.value.count & 1) }
    }

    /// One IFD at `offset` from the TIFF header, its long values after it.
    static func ifd(_ fields: [Field], at offset: Int) -> [UInt8] {
        let sorted = fields.sorted { $0.tag < $1.tag }
        var data = offset + 2 + 12 * sorted.count + 4
        var head = le16(UInt16(sorted.count))
        var tail: [UInt8] = []
        for field in sorted {
            head += le16(field.tag) + le16(field.type) + le32(field.count)
            if field.value.count <= 4 {
                head += field.value + [UInt8](repeating: 0, count: 4 - field.value.count)
            } else {
                head += le32(UInt32(data))
                let padded = field.value + (field.value.count & 1 == 1 ? [0] : [])
                tail += padded
                data += padded.count
            }
        }
        return head + le32(0) + tail
    }

    static func file(tags: StillPhotoTags, width: Int, height: Int, focalLength35mm: Int) -> Data {
        var ifd0 = [Field(tag: 0x0112, type: short, count: 1, value: le16(1))]
        let exif = [
            Field(tag: 0x9000, type: 7, count: 4, value: Array("0232".utf8)),
            Field(tag: 0xA002, type: long, count: 1, value: le32(UInt32(width))),
            Field(tag: 0xA003, type: long, count: 1, value: le32(UInt32(height))),
            Field(tag: 0xA405, type: short, count: 1, value: le16(UInt16(focalLength35mm))),
        ]
        var gps = [
            Field(tag: 0x0000, type: byte, count: 4, value: [2, 3, 0, 0]),
            text(0x0001, tags.latitudeRef), rationals(0x0002, dms(tags.coordinate.latitude)),
            text(0x0003, tags.longitudeRef), rationals(0x0004, dms(tags.coordinate.longitude)),
            text(0x0010, "T"), rationals(0x0011, [(UInt32((tags.heading * 10_000).rounded()), 10_000)]),
        ]
        if let altitude = tags.altitude {
            gps.append(Field(tag: 0x0005, type: byte, count: 1, value: [altitude >= 0 ? 0 : 1]))
            gps.append(rationals(0x0006, [(UInt32((abs(altitude) * 100).rounded()), 100)]))
        }
        let ifd0Size = size(ifd0) + 2 * 12
        let exifOffset = 8 + ifd0Size
        let gpsOffset = exifOffset + size(exif)
        ifd0.append(Field(tag: 0x8769, type: long, count: 1, value: le32(UInt32(exifOffset))))
        ifd0.append(Field(tag: 0x8825, type: long, count: 1, value: le32(UInt32(gpsOffset))))
        let tiff = Array("II".utf8) + le16(42) + le32(8) + ifd(ifd0, at: 8) + ifd(exif, at: exifOffset) + ifd(gps, at: gpsOffset)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        // A baseline frame header (SOF0) with the size, 8-bit, three components; no image data.
        let sof: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
            + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return Data([0xFF, 0xD8] + app1 + sof + [0xFF, 0xD9])
    }
}
