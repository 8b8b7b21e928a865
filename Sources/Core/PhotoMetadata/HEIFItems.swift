/// The item tables of a HEIF `meta` box: which item is primary, item types, where the Exif item
/// lies (`iloc`) and which properties belong to which item (`iprp`).
struct HEIFItems {
    /// The most items, locations, extents or property associations read from one table.
    static let maximumEntries = 65_536
    /// The most bytes gathered for an Exif item split into several extents.
    static let maximumExifBytes = 4 * 1024 * 1024

    let source: ByteSource
    let primaryID: UInt32
    private(set) var exifID: UInt32?
    private(set) var idat: ISOBMFFBox?
    private(set) var iloc: ISOBMFFBox?
    private(set) var ipco: ISOBMFFBox?
    private(set) var ipmas: [ISOBMFFBox] = []

    /// Reads `pitm` and `iinf` and notes where `iloc`, `idat` and `iprp` lie.
    init(source: ByteSource, meta: ISOBMFFBox) throws(PhotoMetadataError) {
        self.source = source
        // `meta` is a full box: 4 bytes of version and flags before its children.
        var primary: UInt32?
        for box in try ISOBMFFBox.children(source: source, from: meta.contentStart + 4, to: meta.end) {
            switch box.type {
            case "pitm":
                let version = try source.u8(at: box.contentStart, what: "pitm")
                primary = UInt32(
                    try source.uint(
                        at: box.contentStart + 4, width: version == 0 ? 2 : 4, what: "pitm item_ID"))
            case "iinf": exifID = try Self.exifItem(source: source, iinf: box)
            case "iloc": iloc = box
            case "idat": idat = box
            case "iprp":
                for child in try ISOBMFFBox.children(source: source, from: box.contentStart, to: box.end) {
                    if child.type == "ipco" { ipco = child }
                    if child.type == "ipma" { ipmas.append(child) }
                }
            default: break
            }
        }
        guard let primary else {
            throw PhotoMetadataError(.missing("the 'pitm' box (primary item)"), at: meta.start)
        }
        primaryID = primary
    }

    /// The first item of type `Exif` listed in `iinf` (`infe` versions 2 and 3 carry the type).
    private static func exifItem(source: ByteSource, iinf: ISOBMFFBox) throws(PhotoMetadataError) -> UInt32? {
        let version = try source.u8(at: iinf.contentStart, what: "iinf")
        let first = iinf.contentStart + 4 + (version == 0 ? 2 : 4)
        for infe in try ISOBMFFBox.children(source: source, from: first, to: iinf.end)
        where infe.type == "infe" {
            let infeVersion = try source.u8(at: infe.contentStart, what: "infe")
            guard infeVersion >= 2 else { continue }
            let idWidth = infeVersion == 2 ? 2 : 4
            let id = UInt32(try source.uint(at: infe.contentStart + 4, width: idWidth, what: "infe item_ID"))
            let typeAt = infe.contentStart + 4 + idWidth + 2
            guard typeAt + 4 <= infe.end else {
                throw PhotoMetadataError(
                    .truncated(
                        what: "infe", needed: typeAt + 4 - infe.start,
                        available: infe.end - infe.start), at: infe.start)
            }
            if try source.bytes(at: typeAt, count: 4, what: "infe item_type").elementsEqual("Exif".utf8) {
                return id
            }
        }
        return nil
    }

    /// Where the Exif item's bytes are: a range of ``source`` for a single extent, or a gathered
    /// copy for several; `nil` when the file has no Exif item.
    func exifLocation() throws(PhotoMetadataError) -> (source: ByteSource, start: Int, end: Int)? {
        guard let exifID else { return nil }
        guard let iloc else { throw PhotoMetadataError(.missing("the 'iloc' box for the Exif item")) }
        guard let extents = try Self.extents(of: exifID, source: source, iloc: iloc, idat: idat) else {
            throw PhotoMetadataError(.missing("an 'iloc' entry for Exif item \(exifID)"), at: iloc.start)
        }
        let ranges = try extents.map { extent throws(PhotoMetadataError) in
            let length = extent.length == 0 ? extent.limit - extent.offset : extent.length
            guard extent.offset >= 0, length >= 4 || extents.count > 1, extent.offset <= extent.limit,
                length <= extent.limit - extent.offset
            else {
                throw PhotoMetadataError(
                    .malformed("Exif item extent of \(length) bytes at \(extent.offset) is outside its data"),
                    at: iloc.start)
            }
            return (extent.offset, extent.offset + length)
        }
        if ranges.count == 1, let only = ranges.first { return (source, only.0, only.1) }
        var gathered: [UInt8] = []
        for range in ranges {
            guard gathered.count + (range.1 - range.0) <= Self.maximumExifBytes else {
                throw PhotoMetadataError(
                    .limitExceeded(
                        what: "Exif item bytes", value: gathered.count + range.1 - range.0,
                        limit: Self.maximumExifBytes), at: range.0)
            }
            gathered += try source.bytes(at: range.0, count: range.1 - range.0, what: "an Exif item extent")
        }
        guard gathered.count >= 4 else {
            throw PhotoMetadataError(
                .truncated(what: "the Exif item", needed: 4, available: gathered.count), at: iloc.start)
        }
        return (ByteSource(bytes: gathered, reportedOrigin: ranges[0].0), 0, gathered.count)
    }
}
