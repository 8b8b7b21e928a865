extension PhotoMetadataReader {
    /// The most segments read before the first SOFn (real files have a few dozen at most).
    static let maximumJPEGSegments = 4_096
    /// The most stray bytes skipped in one run while looking for the next marker.
    static let maximumStrayBytes = 65_536

    /// Walks the JPEG segments up to the first SOFn (ITU-T T.81 §B.1.1), reading the first APP1
    /// `Exif` segment's TIFF structure and the frame header's size.
    ///
    /// Stray bytes where a marker should be are skipped up to the next `0xFF`, as exiftool does; an
    /// Exif segment whose TIFF structure is broken is skipped; once its IFD0 has read, a broken
    /// segment structure after it ends the walk with a warning instead of failing the file. Each
    /// skip adds a warning.
    static func readJPEG(_ source: ByteSource) throws(PhotoMetadataError) -> PhotoMetadata {
        var metadata = PhotoMetadata(format: .jpeg)
        var exifRead = false
        do {
            try walkJPEG(source, into: &metadata, exifRead: &exifRead)
        } catch {
            guard exifRead else { throw error }
            metadata.warnings.append(
                PhotoMetadataWarning(
                    skipped: "the JPEG segments after the Exif segment (no frame size)", problem: error.kind,
                    at: error.offset))
        }
        return metadata.withDisplaySize()
    }

    /// The segment walk of ``readJPEG(_:)``; `exifRead` becomes true once an Exif IFD0 has read.
    private static func walkJPEG(
        _ source: ByteSource, into metadata: inout PhotoMetadata, exifRead: inout Bool
    )
        throws(PhotoMetadataError)
    {
        var position = 2
        var exifSeen = false
        for _ in 0..<maximumJPEGSegments {
            position = try skipStrayBytes(source, from: position, into: &metadata)
            var markerAt = position + 1
            var marker = try source.u8(at: markerAt, what: "a JPEG marker")
            while marker == 0xFF {  // fill bytes
                markerAt += 1
                marker = try source.u8(at: markerAt, what: "a JPEG marker")
            }
            position = markerAt + 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue  // standalone markers: TEM, RSTn, SOI
            case 0xD9, 0xDA:  // EOI or SOS before any frame header
                throw PhotoMetadataError(
                    .missing("JPEG frame header (SOFn) before \(marker == 0xDA ? "SOS" : "EOI")"),
                    at: markerAt - 1)
            default: break
            }
            let length = Int(try source.u16(at: position, bigEndian: true, what: "a JPEG segment length"))
            guard length >= 2 else {
                throw PhotoMetadataError(
                    .malformed("JPEG segment 0xFF\(hex(marker)): length \(length) < 2"), at: position)
            }
            let start = position + 2
            let end = position + length
            guard end <= source.size else {
                throw PhotoMetadataError(
                    .truncated(
                        what: "JPEG segment 0xFF\(hex(marker))", needed: length,
                        available: source.size - position),
                    at: position)
            }
            switch marker {
            case 0xE1 where !exifSeen && length >= 2 + 6 + 8:
                let signature = try source.bytes(at: start, count: 6, what: "an APP1 signature")
                if signature.prefix(5).elementsEqual("Exif\0".utf8) {
                    exifSeen = true
                    _ = try source.bytes(at: start, count: length - 2, what: "the APP1 Exif segment")  // one read
                    do {
                        var tiff = try TIFFReader(source: source, base: start + 6, end: end)
                        try tiff.readTags(into: &metadata, imageSize: false)
                        metadata.warnings += tiff.warnings
                        exifRead = true
                    } catch {
                        metadata.warnings.append(
                            PhotoMetadataWarning(
                                skipped: "the JPEG APP1 Exif segment at byte \(markerAt - 1)",
                                problem: error.kind, at: error.offset))
                    }
                }
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard length >= 8 else {
                    throw PhotoMetadataError(
                        .malformed("JPEG frame header: length \(length) < 8"), at: position)
                }
                let height = Int(try source.u16(at: start + 1, bigEndian: true, what: "the frame height"))
                let width = Int(try source.u16(at: start + 3, bigEndian: true, what: "the frame width"))
                metadata.height = height > 0 ? height : nil
                metadata.width = width > 0 ? width : nil
                return
            default: break
            }
            position = end
        }
        throw PhotoMetadataError(
            .limitExceeded(
                what: "JPEG segments before the frame header",
                value: maximumJPEGSegments + 1, limit: maximumJPEGSegments), at: position)
    }

    /// The position of the next `0xFF` at or after `position`, with a warning when bytes were skipped.
    private static func skipStrayBytes(
        _ source: ByteSource, from position: Int, into metadata: inout PhotoMetadata
    )
        throws(PhotoMetadataError) -> Int
    {
        let first = try source.u8(at: position, what: "a JPEG marker")
        guard first != 0xFF else { return position }
        // Look for the next 0xFF a block at a time (one bounds check per block, not per byte).
        var next = position + 1
        while true {
            let remaining = position + 1 + maximumStrayBytes - next
            guard remaining > 0 else {
                throw PhotoMetadataError(
                    .malformed(
                        "JPEG: expected a marker (0xFF), found 0x\(hex(first)) and no marker in the next \(maximumStrayBytes) bytes"
                    ), at: position)
            }
            guard next < source.size else {
                throw PhotoMetadataError(
                    .truncated(what: "a JPEG marker after stray bytes", needed: 1, available: 0), at: next)
            }
            let count = min(4_096, remaining, source.size - next)
            let block = try source.bytes(at: next, count: count, what: "a JPEG marker after stray bytes")
            if let marker = block.firstIndex(of: 0xFF) {
                next += marker - block.startIndex
                break
            }
            next += block.count
        }
        metadata.warnings.append(
            PhotoMetadataWarning(
                skipped:
                    "\(next - position) stray byte\(next - position == 1 ? "" : "s") between JPEG segments",
                problem: .malformed("JPEG: expected a marker (0xFF), found 0x\(hex(first))"), at: position))
        return next
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
