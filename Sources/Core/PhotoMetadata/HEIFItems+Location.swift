extension HEIFItems {
    /// One extent of an item: absolute offset and length (0 = up to `limit`), and the end of the
    /// data it must stay within (the file, or `idat` for construction method 1).
    struct Extent {
        let offset: Int
        let length: Int
        let limit: Int
    }

    /// The extents of `itemID` from the `iloc` box (ISO/IEC 14496-12 §8.11.3, versions 0–2), or
    /// `nil` when the item is not listed.
    static func extents(of itemID: UInt32, source: ByteSource, iloc: ISOBMFFBox, idat: ISOBMFFBox?)
        throws(PhotoMetadataError) -> [Extent]?
    {
        var at = iloc.contentStart
        func field(_ width: Int, _ what: String) throws(PhotoMetadataError) -> Int {
            guard width == 0 || at + width <= iloc.end else {
                throw PhotoMetadataError(
                    .truncated(what: "iloc \(what)", needed: width, available: iloc.end - at), at: at)
            }
            let value = try source.uint(at: at, width: width, what: "iloc \(what)")
            // Offsets and lengths past 2^48 bytes fit no file; the cap also keeps their sums from overflowing.
            guard value <= 1 << 48 else {
                throw PhotoMetadataError(.malformed("iloc \(what) \(value) is too large"), at: at)
            }
            at += width
            return Int(value)
        }
        let version = try field(1, "version")
        guard version <= 2 else {
            throw PhotoMetadataError(.unsupported("iloc version \(version)"), at: iloc.start)
        }
        at += 3  // flags
        let sizes = try field(2, "field sizes")
        let offsetSize = sizes >> 12
        let lengthSize = (sizes >> 8) & 0xF
        let baseOffsetSize = (sizes >> 4) & 0xF
        let indexSize = version == 0 ? 0 : sizes & 0xF
        for (name, size) in [
            ("offset_size", offsetSize), ("length_size", lengthSize),
            ("base_offset_size", baseOffsetSize), ("index_size", indexSize),
        ]
        where ![0, 4, 8].contains(size) {
            throw PhotoMetadataError(
                .malformed("iloc \(name) \(size) (must be 0, 4 or 8)"), at: iloc.contentStart + 4)
        }
        let itemCount = try field(version < 2 ? 2 : 4, "item_count")
        guard itemCount <= maximumEntries else {
            throw PhotoMetadataError(
                .limitExceeded(what: "iloc item_count", value: itemCount, limit: maximumEntries), at: at)
        }
        var totalExtents = 0
        for _ in 0..<itemCount {
            let id = try field(version < 2 ? 2 : 4, "item_ID")
            let method = version == 0 ? 0 : try field(2, "construction_method") & 0xF
            _ = try field(2, "data_reference_index")
            let baseOffset = try field(baseOffsetSize, "base_offset")
            let extentCount = try field(2, "extent_count")
            guard extentCount * (indexSize + offsetSize + lengthSize) <= iloc.end - at else {
                throw PhotoMetadataError(
                    .truncated(
                        what: "iloc extents", needed: extentCount * (indexSize + offsetSize + lengthSize),
                        available: iloc.end - at), at: at)
            }
            totalExtents += extentCount
            guard totalExtents <= maximumEntries else {
                throw PhotoMetadataError(
                    .limitExceeded(what: "iloc extents", value: totalExtents, limit: maximumEntries), at: at)
            }
            guard id == itemID else {
                at += extentCount * (indexSize + offsetSize + lengthSize)  // checked above to fit the box
                continue
            }
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                _ = try field(indexSize, "extent_index")
                let offset = try field(offsetSize, "extent_offset")
                let length = try field(lengthSize, "extent_length")
                switch method {
                case 0:
                    extents.append(Extent(offset: baseOffset + offset, length: length, limit: source.size))
                case 1:
                    guard let idat else {
                        throw PhotoMetadataError(.missing("the 'idat' box for item \(id)"), at: iloc.start)
                    }
                    extents.append(
                        Extent(
                            offset: idat.contentStart + baseOffset + offset, length: length, limit: idat.end))
                default:
                    throw PhotoMetadataError(
                        .unsupported("iloc construction method \(method) for item \(id)"), at: iloc.start)
                }
            }
            guard !extents.isEmpty else {
                throw PhotoMetadataError(.malformed("iloc: item \(id) has no extents"), at: iloc.start)
            }
            return extents
        }
        return nil
    }
}
