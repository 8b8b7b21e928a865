/// Reads ``PhotoMetadata`` from JPEG, TIFF and HEIF files natively, touching only the bytes it needs.
///
/// A file is opened with `open(2)` and read with `pread(2)`: a first 32 KiB chunk, and further
/// chunks only where an offset in the file points past it (see `ByteSource`), never the whole
/// file. Every offset, count and size is checked before it is used, IFD cycles are detected and
/// counts are capped, so a broken or hostile file gives a ``PhotoMetadataError`` naming the byte
/// offset, never a crash, a hang or a large allocation.
///
/// A broken part inside a readable container (a tag whose value runs past the end, an IFD
/// pointer outside the data, an unknown field type, stray bytes between JPEG segments, an Exif
/// segment or item whose TIFF structure is broken) is skipped: the values that did read are
/// returned with one ``PhotoMetadataWarning`` per skipped part in ``PhotoMetadata/warnings``.
/// Only a container that cannot be read (no JPEG segment structure up to the frame header,
/// a TIFF file whose header or IFD0 is broken, a HEIF without a readable item structure) throws.
///
/// - JPEG: APP1 `Exif` → TIFF IFD0 → Exif IFD and GPS IFD; the SOFn segment (SOF0–SOF15 except
///   DHT, JPG and DAC) for the stored size. The scan stops at the first SOFn, SOS or EOI.
/// - TIFF (`II` and `MM`): IFD0 (with ImageWidth/ImageLength) → Exif IFD and GPS IFD.
/// - HEIF/HEIC: `ftyp`, then `meta` with `pitm`, `iinf`/`infe` (v2/v3), `iloc` (v0–2, base
///   offsets, extent index/offset/length sizes, construction methods 0 and 1 via `idat`),
///   `iprp`/`ipco`/`ipma` for the primary item's `ispe`, `irot` and `imir`; the `Exif` item's
///   4-byte TIFF header offset is honoured. Orientation comes from `irot`/`imir`, not the EXIF tag.
public enum PhotoMetadataReader {
    /// Reads the file at `path`.
    ///
    /// - Throws: ``PhotoMetadataError`` when the file cannot be read or its container is broken;
    ///   broken parts inside it are warnings instead.
    public static func read(path: String) throws(PhotoMetadataError) -> PhotoMetadata {
        let source = try ByteSource(path: path)
        defer { source.closeFile() }
        return try read(source)
    }

    /// Reads a whole file already in memory.
    ///
    /// - Throws: ``PhotoMetadataError`` when the container is broken (broken parts inside it are warnings).
    public static func read(bytes: [UInt8]) throws(PhotoMetadataError) -> PhotoMetadata {
        try read(ByteSource(bytes: bytes))
    }

    static func read(_ source: ByteSource) throws(PhotoMetadataError) -> PhotoMetadata {
        let head = try source.bytes(at: 0, count: min(12, source.size), what: "the file signature")
        let i = head.startIndex
        if head.count >= 3, head[i] == 0xFF, head[i + 1] == 0xD8, head[i + 2] == 0xFF {
            return try readJPEG(source)
        }
        if head.count >= 8,
            (head[i], head[i + 1], head[i + 2], head[i + 3]) == (0x49, 0x49, 0x2A, 0x00)
                || (head[i], head[i + 1], head[i + 2], head[i + 3]) == (0x4D, 0x4D, 0x00, 0x2A)
        {
            var metadata = PhotoMetadata(format: .tiff)
            var tiff = try TIFFReader(source: source, base: 0, end: source.size)
            try tiff.readTags(into: &metadata, imageSize: true)
            metadata.warnings = tiff.warnings
            return metadata.withDisplaySize()
        }
        if head.count >= 12, Array(head[(i + 4)..<(i + 8)]) == Array("ftyp".utf8) {
            return try readHEIF(source)
        }
        throw PhotoMetadataError(.unknownFormat, at: 0)
    }
}

extension PhotoMetadata {
    /// Swaps ``width`` and ``height`` when ``orientation`` turns the image by 90° (5...8).
    func withDisplaySize() -> PhotoMetadata {
        guard let orientation, (5...8).contains(orientation) else { return self }
        var copy = self
        (copy.width, copy.height) = (height, width)
        return copy
    }
}
