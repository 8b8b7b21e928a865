/// Builds small TIFF, JPEG and ISOBMFF files byte by byte, independently of the reader.
enum HostileFile {
    /// A TIFF entry: tag, type, count and the 4-byte value/offset field.
    typealias Entry = (tag: UInt16, type: UInt16, count: UInt32, value: UInt32)

    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    static func be64(_ v: UInt64) -> [UInt8] { be32(UInt32(v >> 32)) + be32(UInt32(v & 0xFFFF_FFFF)) }

    /// A big-endian TIFF with one IFD at offset 8 holding `entries`, followed by `tail` (at 8 + 2 + 12n + 4).
    static func tiff(_ entries: [Entry], tail: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(UInt16(entries.count))
        for e in entries { bytes += be16(e.tag) + be16(e.type) + be32(e.count) + be32(e.value) }
        return bytes + be32(0) + tail
    }

    /// Where `tail` starts in ``tiff(_:tail:)`` for `entryCount` entries.
    static func tailOffset(entryCount: Int) -> UInt32 { UInt32(8 + 2 + 12 * entryCount + 4) }

    /// A JPEG: SOI, APP1 `Exif` with `tiff`, a baseline SOF0 of `width`×`height`, EOI.
    static func jpeg(tiff: [UInt8], width: UInt16 = 16, height: UInt16 = 8) -> [UInt8] {
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let sof: [UInt8] = [0xFF, 0xC0] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        return [0xFF, 0xD8, 0xFF, 0xE1] + be16(UInt16(app1.count + 2)) + app1 + sof + [0xFF, 0xD9]
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8]
    {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    static let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))

    /// A HEIF whose primary item 1 has `properties` (boxes, associated in order) and whose Exif
    /// item 2 (`exif`, with its 4-byte header offset 0) lives in `idat` (construction method 1).
    static func heif(properties: [[UInt8]], exif: [UInt8]?) -> [UInt8] {
        var infes = fullBox("infe", version: 2, be16(1) + be16(0) + Array("hvc1".utf8) + [0])
        var ilocItems: [UInt8] = []
        var count: UInt16 = 1
        var idat: [UInt8] = []
        if let exif {
            infes += fullBox("infe", version: 2, be16(2) + be16(0) + Array("Exif".utf8) + [0])
            idat = be32(0) + exif
            // item 2, construction method 1, data ref 0, no base offset, 1 extent: offset 0, length.
            ilocItems = be16(2) + be16(1) + be16(0) + be16(1) + be32(0) + be32(UInt32(idat.count))
            count = 2
        }
        let iinf = fullBox("iinf", be16(count) + infes)
        let iloc = fullBox("iloc", version: 1, [0x44, 0x00] + be16(exif == nil ? 0 : 1) + ilocItems)
        let ipco = box("ipco", properties.flatMap { $0 })
        let associations = (1...max(1, properties.count)).prefix(properties.count).map { UInt8(0x80 | $0) }
        let ipma = fullBox("ipma", be32(1) + be16(1) + [UInt8(associations.count)] + associations)
        let meta = fullBox(
            "meta",
            fullBox("pitm", be16(1)) + iinf + iloc + box("iprp", ipco + ipma)
                + (exif == nil ? [] : box("idat", idat)))
        return ftyp + meta
    }

    static func ispe(width: UInt32, height: UInt32) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }
    static func irot(_ quarterTurnsAnticlockwise: UInt8) -> [UInt8] {
        box("irot", [quarterTurnsAnticlockwise])
    }
    static func imir(axis: UInt8) -> [UInt8] { box("imir", [axis]) }
}
