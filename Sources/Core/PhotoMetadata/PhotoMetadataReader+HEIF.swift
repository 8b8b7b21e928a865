extension PhotoMetadataReader {
    /// Brands that announce an image file (HEIF, HEIC, AVIF and their sequences).
    static let imageBrands: Set<String> = [
        "mif1", "mif2", "msf1", "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "avif",
        "avis",
        "miaf",
    ]
    /// The most top-level boxes read while looking for `meta`.
    static let maximumTopLevelBoxes = 1_024

    /// Reads a HEIF file: `ftyp`, the `meta` box's item structure, the primary item's properties
    /// and the Exif item (ISO/IEC 23008-12 §6 and §9; ISO/IEC 14496-12 §8.11).
    static func readHEIF(_ source: ByteSource) throws(PhotoMetadataError) -> PhotoMetadata {
        let ftyp = try ISOBMFFBox(source: source, at: 0, parentEnd: source.size)
        let brandBytes = try source.bytes(
            at: ftyp.contentStart, count: ftyp.end - ftyp.contentStart, what: "the ftyp box")
        var brands: [String] = []
        var index = brandBytes.startIndex
        while index + 4 <= brandBytes.endIndex {
            if index != brandBytes.startIndex + 4 {  // skip minor_version
                brands.append(String(decoding: brandBytes[index..<(index + 4)], as: UTF8.self))
            }
            index += 4
        }
        guard brands.contains(where: imageBrands.contains) else {
            throw PhotoMetadataError(
                .unsupported("ISOBMFF file with brands \(brands) (not a HEIF image)"), at: 0)
        }

        var position = ftyp.end
        var meta: ISOBMFFBox?
        for _ in 0..<maximumTopLevelBoxes where position < source.size {
            let box = try ISOBMFFBox(source: source, at: position, parentEnd: source.size)
            if box.type == "meta" {
                meta = box
                break
            }
            position = box.end
        }
        guard let meta else { throw PhotoMetadataError(.missing("the 'meta' box"), at: position) }
        // One read for the whole meta box (the item tables live there).
        _ = try source.bytes(at: meta.start, count: meta.end - meta.start, what: "the meta box")
        try ISOBMFFBox.checkNesting(source: source, box: meta)
        let items = try HEIFItems(source: source, meta: meta)

        var metadata = PhotoMetadata(format: .heif)
        // Where the Exif item lies belongs to the container (iloc): an error there fails the file.
        if let exif = try items.exifLocation() {
            do {
                try readExifItem(exif, into: &metadata)
            } catch {
                metadata.warnings.append(
                    PhotoMetadataWarning(skipped: "the HEIF Exif item", problem: error.kind, at: error.offset)
                )
            }
        }
        let properties = try items.primaryProperties()
        metadata.width = properties.width
        metadata.height = properties.height
        metadata.orientation = properties.orientation
        return metadata.withDisplaySize()
    }

    /// Reads the Exif item's TIFF structure (after its 4-byte header offset) into `metadata`, with
    /// the TIFF reader's warnings; throws when the item's header or IFD0 cannot be read.
    private static func readExifItem(
        _ exif: (source: ByteSource, start: Int, end: Int), into metadata: inout PhotoMetadata
    ) throws(PhotoMetadataError) {
        let headerOffset = Int(
            try exif.source.u32(at: exif.start, bigEndian: true, what: "the Exif item header"))
        guard headerOffset <= exif.end - exif.start - 4 else {
            throw PhotoMetadataError(
                .malformed("Exif item: TIFF header offset \(headerOffset) is past its end"),
                at: exif.source.reportedOrigin + exif.start)
        }
        var tiff = try TIFFReader(source: exif.source, base: exif.start + 4 + headerOffset, end: exif.end)
        try tiff.readTags(into: &metadata, imageSize: false)
        metadata.warnings += tiff.warnings
    }
}
