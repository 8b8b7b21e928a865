/// One ISO base media file format box (ISO/IEC 14496-12 §4.2): its type and where its content lies.
struct ISOBMFFBox {
    /// The four-character type, e.g. `meta`.
    let type: String
    /// Absolute offset of the box's first byte.
    let start: Int
    /// Absolute offset of the content (after `size`, `type` and any 64-bit `largesize`).
    let contentStart: Int
    /// Absolute offset one past the box's last byte.
    let end: Int

    /// The most boxes one container may hold before the reader gives up.
    static let maximumChildren = 10_000

    /// Reads the box header at `offset`, which must lie in `offset..<parentEnd`.
    ///
    /// `size` 0 means "to the end of the parent", `size` 1 a 64-bit `largesize`; any size smaller
    /// than the header or reaching past the parent is an error.
    init(source: ByteSource, at offset: Int, parentEnd: Int) throws(PhotoMetadataError) {
        guard parentEnd - offset >= 8 else {
            throw PhotoMetadataError(
                .truncated(what: "a box header", needed: 8, available: parentEnd - offset), at: offset)
        }
        let size32 = try source.u32(at: offset, bigEndian: true, what: "a box header")
        let typeBytes = try source.bytes(at: offset + 4, count: 4, what: "a box header")
        type = String(
            decoding: typeBytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        start = offset
        var headerSize = 8
        let size: UInt64
        switch size32 {
        case 0: size = UInt64(parentEnd - offset)
        case 1:
            guard parentEnd - offset >= 16 else {
                throw PhotoMetadataError(
                    .truncated(what: "box '\(type)' largesize", needed: 16, available: parentEnd - offset),
                    at: offset)
            }
            size = try source.uint(at: offset + 8, width: 8, what: "box '\(type)' largesize")
            headerSize = 16
        default: size = UInt64(size32)
        }
        guard size >= UInt64(headerSize), size <= UInt64(parentEnd - offset) else {
            throw PhotoMetadataError(
                .malformed("box '\(type)': size \(size) is outside \(headerSize)...\(parentEnd - offset)"),
                at: offset)
        }
        contentStart = offset + headerSize
        end = offset + Int(size)
    }

    /// The boxes inside `start..<end`, in order.
    static func children(source: ByteSource, from start: Int, to end: Int) throws(PhotoMetadataError)
        -> [ISOBMFFBox]
    {
        var boxes: [ISOBMFFBox] = []
        var position = start
        while position < end {
            guard boxes.count < maximumChildren else {
                throw PhotoMetadataError(
                    .limitExceeded(
                        what: "boxes in one container", value: boxes.count + 1,
                        limit: maximumChildren), at: position)
            }
            let box = try ISOBMFFBox(source: source, at: position, parentEnd: end)
            boxes.append(box)
            position = box.end
        }
        return boxes
    }

    /// Container types whose children are boxes; ``checkNesting(source:box:depth:)`` descends into them.
    static let containerTypes: Set<String> = [
        "meta", "iprp", "ipco", "iinf", "dinf", "grpl", "moov", "trak", "mdia", "minf",
    ]
    /// The deepest nesting of container boxes accepted (real HEIF files use 3: meta → iprp → ipco).
    static let maximumDepth = 8

    /// Checks that containers inside `box` nest at most ``maximumDepth`` levels deep.
    ///
    /// - Complexity: O(boxes inside `box`); recursion is bounded by ``maximumDepth``.
    static func checkNesting(source: ByteSource, box: ISOBMFFBox, depth: Int = 1) throws(PhotoMetadataError) {
        guard depth <= maximumDepth else {
            throw PhotoMetadataError(.nestingTooDeep(limit: maximumDepth), at: box.start)
        }
        guard box.type != "iinf" else { return }  // iinf's infe children are not containers
        let first = box.contentStart + (box.type == "meta" ? 4 : 0)  // meta is a full box
        for child in try children(source: source, from: first, to: box.end)
        where containerTypes.contains(child.type) {
            try checkNesting(source: source, box: child, depth: depth + 1)
        }
    }
}
