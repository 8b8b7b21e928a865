/// Where a real JPEG keeps its Exif: the APP1 segment, the TIFF structure in it, IFD0 and the
/// positions of its Exif and GPS pointers and IFDs. Parsed here independently of the reader, to
/// make hostile variants of real files (see ``HostileVariants``).
struct ExifLayout {
    /// One 12-byte IFD entry: its absolute position, tag, type, count and value field.
    struct Entry {
        let position: Int
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        let value: UInt32
    }

    let bytes: [UInt8]
    /// Absolute position of the APP1 marker (`FF E1`) and the end of its segment.
    let app1: Int
    let app1End: Int
    /// Absolute position of the TIFF header (`II`/`MM`); IFD offsets count from here.
    let tiff: Int
    let bigEndian: Bool
    let ifd0: [Entry]
    /// The Exif and GPS IFDs (absolute position and entries) when IFD0 points to readable ones.
    let exifIFD: (position: Int, entries: [Entry])?
    let gpsIFD: (position: Int, entries: [Entry])?

    /// The layout of a JPEG with an APP1 Exif segment whose IFD0 lies inside it, or `nil`.
    init?(jpeg bytes: [UInt8]) {
        self.bytes = bytes
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var position = 2
        var found: (Int, Int)?
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let end = position + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE1, length >= 16,
                Array(bytes[(position + 4)..<(position + 10)]) == Array("Exif\0\0".utf8)
            {
                found = (position, end)
                break
            }
            position = end
        }
        guard let (app1, app1End) = found else { return nil }
        self.app1 = app1
        self.app1End = app1End
        tiff = app1 + 10
        guard bytes[tiff] == bytes[tiff + 1], bytes[tiff] == 0x49 || bytes[tiff] == 0x4D else { return nil }
        bigEndian = bytes[tiff] == 0x4D
        let reader = Reader(bytes: bytes, bigEndian: bigEndian, limit: app1End)
        guard let ifd0Offset = reader.u32(tiff + 4), let ifd0 = reader.entries(at: tiff + Int(ifd0Offset))
        else {
            return nil
        }
        self.ifd0 = ifd0
        let base = tiff
        func subIFD(_ tag: UInt16) -> (position: Int, entries: [Entry])? {
            guard let pointer = ifd0.first(where: { $0.tag == tag }) else { return nil }
            let position = base + Int(pointer.value)
            return reader.entries(at: position).map { (position, $0) }
        }
        exifIFD = subIFD(0x8769)
        gpsIFD = subIFD(0x8825)
    }

    /// The IFD0 entry of `tag`.
    func entry(_ tag: UInt16) -> Entry? { ifd0.first { $0.tag == tag } }

    /// Big- or little-endian 16- and 32-bit fields as this file's byte order writes them.
    func field16(_ value: UInt16) -> [UInt8] {
        let b = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return bigEndian ? b : b.reversed()
    }

    func field32(_ value: UInt32) -> [UInt8] {
        let b = [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ]
        return bigEndian ? b : b.reversed()
    }

    /// Bounds-checked reads that give `nil` outside the data.
    struct Reader {
        let bytes: [UInt8]
        let bigEndian: Bool
        let limit: Int

        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= limit else { return nil }
            let (a, b) = (UInt16(bytes[at]), UInt16(bytes[at + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ at: Int) -> UInt32? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return bigEndian ? UInt32(a) << 16 | UInt32(b) : UInt32(b) << 16 | UInt32(a)
        }

        func entries(at position: Int) -> [Entry]? {
            guard let count = u16(position), position + 2 + 12 * Int(count) + 4 <= limit else { return nil }
            return (0..<Int(count)).compactMap { index in
                let at = position + 2 + 12 * index
                guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4),
                    let value = u32(at + 8)
                else { return nil }
                return Entry(position: at, tag: tag, type: type, count: count, value: value)
            }
        }
    }
}
