/// Reads the tags Loci needs from a TIFF structure: IFD0, its Exif IFD and its GPS IFD.
///
/// The TIFF header sits at ``base`` in ``source`` and every IFD offset is relative to it; the
/// structure may not reach past ``end`` (the end of a JPEG APP1 segment, of a HEIF Exif item, or
/// of a TIFF file). Follows TIFF 6.0 §2, the IFD field type of TIFF Technical Note 1 (type 13,
/// which libtiff writes for the Exif and GPS IFD pointers) and Exif 2.32 (CIPA DC-008) §4.6.
///
/// Only a broken header or IFD0 is an error; a tag, entry or sub-IFD that cannot be read is
/// skipped and recorded in ``warnings``.
struct TIFFReader {
    /// The most entries one IFD may declare (real IFD0/Exif/GPS IFDs hold well under 100).
    static let maximumEntries = 1_000
    /// The most warnings kept per TIFF structure (hostile IFDs could otherwise add thousands).
    static let maximumWarnings = 100

    let source: ByteSource
    let base: Int
    let end: Int
    let bigEndian: Bool
    private var visited: Set<Int> = []
    /// The tags, entries and sub-IFDs skipped so far, in the order they were met.
    private(set) var warnings: [PhotoMetadataWarning] = []

    /// Checks the 8-byte TIFF header at `base` (`II*\0` or `MM\0*`).
    init(source: ByteSource, base: Int, end: Int) throws(PhotoMetadataError) {
        let header = try source.bytes(at: base, count: 8, what: "the TIFF header")
        let i = header.startIndex
        switch (header[i], header[i + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: throw PhotoMetadataError(.malformed("TIFF header: byte order is not II or MM"), at: base)
        }
        self.source = source
        self.base = base
        self.end = min(end, source.size)
        let magic = try source.u16(at: base + 2, bigEndian: bigEndian, what: "the TIFF header")
        guard magic == 42 else {
            throw PhotoMetadataError(
                .malformed("TIFF header: magic number \(magic), expected 42"), at: base + 2)
        }
    }

    /// One 12-byte IFD entry; `valueOffset` is the absolute offset of its value in ``source``,
    /// `position` that of the entry itself.
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: Int
        let valueOffset: Int
        var position = 0
    }

    /// Records that `skipped` was skipped because of `problem`, found at byte `offset` (in ``source``).
    mutating func warn(_ skipped: String, _ problem: PhotoMetadataError.Kind, at offset: Int?) {
        guard warnings.count < Self.maximumWarnings else { return }
        warnings.append(
            PhotoMetadataWarning(
                skipped: skipped, problem: problem, at: offset.map { source.reportedOrigin + $0 }))
    }

    /// The IFD0 offset from the header, relative to ``base``.
    func firstIFDOffset() throws(PhotoMetadataError) -> Int {
        Int(try source.u32(at: base + 4, bigEndian: bigEndian, what: "the TIFF header"))
    }

    /// The entries of the IFD at `offset` (relative to ``base``); `name` appears in errors, which
    /// point at `pointer` (the absolute position of the offset's own field) when the offset is bad.
    ///
    /// An IFD cut short by the end of the data gives the entries that fit, with a warning; an
    /// entry of an unknown field type is skipped with a warning.
    mutating func entries(at offset: Int, name: String, pointer: Int) throws(PhotoMetadataError) -> [Entry] {
        let start = base + offset
        guard visited.insert(offset).inserted else {
            throw PhotoMetadataError(.ifdCycle(ifd: name, offset: offset), at: pointer)
        }
        guard offset >= 8, offset < end - base, start + 2 <= end else {
            throw PhotoMetadataError(
                .malformed("\(name) offset \(offset) is outside the \(end - base)-byte TIFF data"),
                at: pointer)
        }
        let count = Int(try source.u16(at: start, bigEndian: bigEndian, what: name))
        guard count <= Self.maximumEntries else {
            throw PhotoMetadataError(
                .limitExceeded(
                    what: "\(name) entry count", value: count,
                    limit: Self.maximumEntries), at: start)
        }
        var fitting = count
        if start + 2 + 12 * count > end {
            fitting = (end - start - 2) / 12
            warn(
                "\(name) entries \(fitting + 1)–\(count)",
                .truncated(what: name, needed: 2 + 12 * count, available: end - start), at: start)
        }
        let raw = try source.bytes(at: start + 2, count: 12 * fitting, what: name)
        var result: [Entry] = []
        result.reserveCapacity(fitting)
        for index in 0..<fitting {
            let at = raw.startIndex + 12 * index
            let tag = read16(raw, at)
            let type = read16(raw, at + 2)
            let valueCount = Int(read32(raw, at + 4))
            let size = Self.typeSize(type) * valueCount
            let entryStart = start + 2 + 12 * index
            // Unknown types are skipped, as exiftool does: their values cannot be located.
            guard Self.typeSize(type) > 0 else {
                warn(
                    "\(name) tag 0x\(Self.hex(tag)) (entry \(index))",
                    .malformed("field type \(type) (not a TIFF type)"), at: entryStart)
                continue
            }
            let valueOffset = size <= 4 ? entryStart + 8 : base + Int(read32(raw, at + 8))
            result.append(
                Entry(tag: tag, type: type, count: valueCount, valueOffset: valueOffset, position: entryStart)
            )
        }
        return result
    }

    /// Four uppercase hexadecimal digits of a tag id.
    static func hex(_ tag: UInt16) -> String {
        PhotoMetadataReader.hex(UInt8(tag >> 8)) + PhotoMetadataReader.hex(UInt8(tag & 0xFF))
    }

    /// Bytes per value of a TIFF field type (0 for unknown types); 13 is IFD (TIFF TN1).
    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: 0
        }
    }

    /// The bytes of an entry's value, checked to lie inside the TIFF data.
    func valueBytes(_ entry: Entry, what: String) throws(PhotoMetadataError) -> ArraySlice<UInt8> {
        let size = Self.typeSize(entry.type) * entry.count
        guard entry.valueOffset >= base, entry.valueOffset <= end, size <= end - entry.valueOffset else {
            throw PhotoMetadataError(
                .malformed(
                    "\(what) value of \(size) bytes at offset \(entry.valueOffset - base) is outside the TIFF data"
                ),
                at: entry.valueOffset)
        }
        return try source.bytes(at: entry.valueOffset, count: size, what: what)
    }

    /// An ASCII value up to its first NUL, trailing spaces removed; `nil` when empty.
    func string(_ entry: Entry, what: String) throws(PhotoMetadataError) -> String? {
        guard entry.type == 2 || entry.type == 7 || entry.type == 1 else { return nil }
        let bytes = try valueBytes(entry, what: what)
        let text = bytes.prefix { $0 != 0 }
        var string = String(decoding: text, as: UTF8.self)
        while let last = string.last, last == " " { string.removeLast() }
        return string.isEmpty ? nil : string
    }

    /// The first value of an integer entry (BYTE, SHORT, LONG, IFD and the signed forms).
    func integer(_ entry: Entry, what: String) throws(PhotoMetadataError) -> Int? {
        guard entry.count >= 1 else { return nil }
        let bytes = try valueBytes(entry, what: what)
        let i = bytes.startIndex
        switch entry.type {
        case 1, 7: return Int(bytes[i])
        case 6: return Int(Int8(bitPattern: bytes[i]))
        case 3: return Int(read16(bytes, i))
        case 8: return Int(Int16(bitPattern: read16(bytes, i)))
        case 4, 13: return Int(read32(bytes, i))
        case 9: return Int(Int32(bitPattern: read32(bytes, i)))
        default: return nil
        }
    }

    /// Up to `limit` values of a numeric entry as doubles; a rational with a zero denominator, and a
    /// non-finite FLOAT or DOUBLE, is `nil`.
    func numbers(_ entry: Entry, limit: Int, what: String) throws(PhotoMetadataError) -> [Double?] {
        let count = min(entry.count, limit)
        guard count > 0 else { return [] }
        let size = Self.typeSize(entry.type)
        let clipped = Entry(tag: entry.tag, type: entry.type, count: count, valueOffset: entry.valueOffset)
        let bytes = try valueBytes(clipped, what: what)
        var values: [Double?] = []
        for index in 0..<count {
            let at = bytes.startIndex + index * size
            switch entry.type {
            case 5:
                let (n, d) = (read32(bytes, at), read32(bytes, at + 4))
                values.append(d == 0 ? nil : Double(n) / Double(d))
            case 10:
                let n = Int32(bitPattern: read32(bytes, at))
                let d = Int32(bitPattern: read32(bytes, at + 4))
                values.append(d == 0 ? nil : Double(n) / Double(d))
            case 1, 7: values.append(Double(bytes[at]))
            case 3: values.append(Double(read16(bytes, at)))
            case 4: values.append(Double(read32(bytes, at)))
            case 8: values.append(Double(Int16(bitPattern: read16(bytes, at))))
            case 9: values.append(Double(Int32(bitPattern: read32(bytes, at))))
            case 11: values.append(Double(Float(bitPattern: read32(bytes, at))))
            case 12:
                let high = UInt64(read32(bytes, bigEndian ? at : at + 4))
                let low = UInt64(read32(bytes, bigEndian ? at + 4 : at))
                values.append(Double(bitPattern: high << 32 | low))
            default: values.append(nil)
            }
        }
        // FLOAT and DOUBLE can hold NaN and infinities, which no tag means and JSON cannot carry.
        return values.map { $0.flatMap { $0.isFinite ? $0 : nil } }
    }

    @inline(__always)
    private func read16(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt16 {
        bigEndian
            ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
    }

    @inline(__always)
    private func read32(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        let (b0, b1, b2, b3) = (
            UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3])
        )
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }
}
