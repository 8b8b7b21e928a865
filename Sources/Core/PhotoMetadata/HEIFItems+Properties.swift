extension HEIFItems {
    /// The primary item's stored size (`ispe`) and the EXIF orientation equivalent to its
    /// `irot`/`imir` transforms, applied in association order (ISO/IEC 23008-12 §6.5).
    func primaryProperties() throws(PhotoMetadataError) -> (width: Int?, height: Int?, orientation: Int) {
        guard let ipco else { return (nil, nil, 1) }
        let properties = try ISOBMFFBox.children(source: source, from: ipco.contentStart, to: ipco.end)
        var width: Int?
        var height: Int?
        var transform = Transform.identity
        for index in try associations(of: primaryID) {
            guard index >= 1, index <= properties.count else {
                throw PhotoMetadataError(
                    .malformed("ipma: property index \(index) of \(properties.count)"), at: ipco.start)
            }
            let box = properties[index - 1]
            switch box.type {
            case "ispe":
                guard box.end - box.contentStart >= 12 else {
                    throw PhotoMetadataError(
                        .truncated(what: "ispe", needed: 12, available: box.end - box.contentStart),
                        at: box.start)
                }
                width = Int(try source.u32(at: box.contentStart + 4, bigEndian: true, what: "ispe width"))
                height = Int(try source.u32(at: box.contentStart + 8, bigEndian: true, what: "ispe height"))
            case "irot":
                guard box.end > box.contentStart else {
                    throw PhotoMetadataError(.truncated(what: "irot", needed: 1, available: 0), at: box.start)
                }
                let angle = Int(try source.u8(at: box.contentStart, what: "irot") & 3)
                for _ in 0..<angle { transform = Transform.counterClockwise.after(transform) }
            case "imir":
                guard box.end > box.contentStart else {
                    throw PhotoMetadataError(.truncated(what: "imir", needed: 1, available: 0), at: box.start)
                }
                let axis = try source.u8(at: box.contentStart, what: "imir") & 1
                transform = (axis == 0 ? Transform.mirrorLeftRight : Transform.mirrorTopBottom).after(
                    transform)
            default: break
            }
        }
        return (width, height, transform.exifOrientation)
    }

    /// The 1-based `ipco` indices associated with `itemID` in every `ipma` box, in order.
    private func associations(of itemID: UInt32) throws(PhotoMetadataError) -> [Int] {
        var result: [Int] = []
        for ipma in ipmas {
            let version = try source.u8(at: ipma.contentStart, what: "ipma")
            let flags = try source.u8(at: ipma.contentStart + 3, what: "ipma")
            var at = ipma.contentStart + 4
            let count = Int(try source.u32(at: at, bigEndian: true, what: "ipma entry_count"))
            at += 4
            let idWidth = version < 1 ? 2 : 4
            let indexWidth = flags & 1 == 1 ? 2 : 1
            guard count <= Self.maximumEntries, count * (idWidth + 1) <= ipma.end - at else {
                throw PhotoMetadataError(
                    .malformed("ipma: entry_count \(count) does not fit the box"), at: ipma.start)
            }
            for _ in 0..<count {
                guard at + idWidth + 1 <= ipma.end else {
                    throw PhotoMetadataError(
                        .truncated(what: "ipma entry", needed: idWidth + 1, available: ipma.end - at), at: at)
                }
                let id = UInt32(try source.uint(at: at, width: idWidth, what: "ipma item_ID"))
                let associationCount = Int(try source.u8(at: at + idWidth, what: "ipma association_count"))
                at += idWidth + 1
                guard at + associationCount * indexWidth <= ipma.end else {
                    throw PhotoMetadataError(
                        .truncated(
                            what: "ipma associations", needed: associationCount * indexWidth,
                            available: ipma.end - at), at: at)
                }
                if id == itemID {
                    for k in 0..<associationCount {
                        let raw = Int(
                            try source.uint(
                                at: at + k * indexWidth, width: indexWidth, what: "ipma property_index"))
                        result.append(raw & (indexWidth == 2 ? 0x7FFF : 0x7F))
                    }
                }
                at += associationCount * indexWidth
            }
        }
        return result.filter { $0 != 0 }  // index 0 means "no property"
    }
}

/// A rotation or mirroring of the image plane as an integer 2×2 matrix on (x, y), y pointing down.
struct Transform: Equatable {
    let a: Int, b: Int, c: Int, d: Int

    static let identity = Transform(a: 1, b: 0, c: 0, d: 1)
    /// `irot` turns anti-clockwise by 90° per step.
    static let counterClockwise = Transform(a: 0, b: 1, c: -1, d: 0)
    /// `imir` axis 0: mirror about the vertical axis (left ↔ right).
    static let mirrorLeftRight = Transform(a: -1, b: 0, c: 0, d: 1)
    /// `imir` axis 1: mirror about the horizontal axis (top ↔ bottom).
    static let mirrorTopBottom = Transform(a: 1, b: 0, c: 0, d: -1)

    /// This transform applied after `first`.
    func after(_ first: Transform) -> Transform {
        Transform(
            a: a * first.a + b * first.c, b: a * first.b + b * first.d,
            c: c * first.a + d * first.c, d: c * first.b + d * first.d)
    }

    /// The EXIF orientation (1...8) that displays the stored image the same way.
    var exifOrientation: Int {
        switch (a, b, c, d) {
        case (1, 0, 0, 1): 1
        case (-1, 0, 0, 1): 2
        case (-1, 0, 0, -1): 3
        case (1, 0, 0, -1): 4
        case (0, 1, 1, 0): 5
        case (0, -1, 1, 0): 6
        case (0, -1, -1, 0): 7
        default: 8  // (0, 1, -1, 0): turn 90° anti-clockwise
        }
    }
}
