/// Hostile variants of a real JPEG: values cut short, offsets past the end, stray bytes between
/// segments, a bad IFD entry, and TIFF files made from its Exif with the Exif and GPS IFDs moved
/// after the image data (as libtiff writes them), whole and truncated.
enum HostileVariants {
    /// One variant: a name (used in its file name), its bytes, its file extension, and whether the
    /// damage lies inside a readable container (so the reader must report a warning, not fail).
    struct Variant {
        let name: String
        let bytes: [UInt8]
        let fileExtension: String
        let expectsWarning: Bool
    }

    /// An offset no real file reaches.
    static let farOffset: UInt32 = 0x7FFF_FFF0

    /// Every variant that `layout`'s structure allows (a GPS variant needs a GPS IFD, and so on).
    static func variants(of layout: ExifLayout) -> [Variant] {
        var result: [Variant] = []
        let bytes = layout.bytes
        func jpeg(_ name: String, _ bytes: [UInt8], warning: Bool) {
            result.append(Variant(name: name, bytes: bytes, fileExtension: "jpg", expectsWarning: warning))
        }
        func patched(_ at: Int, _ field: [UInt8]) -> [UInt8] {
            var copy = bytes
            copy.replaceSubrange(at..<(at + field.count), with: field)
            return copy
        }
        // Stray bytes between segments: after the Exif segment, and before it when a segment precedes it.
        jpeg(
            "stray-bytes-after-exif",
            Array(bytes[..<layout.app1End]) + [0x00, 0x13, 0x37] + bytes[layout.app1End...],
            warning: true)
        if layout.app1 > 2 {
            jpeg(
                "stray-byte-before-exif", Array(bytes[..<layout.app1]) + [0x00] + bytes[layout.app1...],
                warning: true)
        }
        // A value that runs past the end (Make claims 2^28 characters), and a bad entry type (Model).
        if let make = layout.entry(0x010F), make.count > 4 {
            jpeg("make-runs-past-end", patched(make.position + 4, layout.field32(0x0FFF_FFFF)), warning: true)
        }
        if let model = layout.entry(0x0110) {
            jpeg("model-bad-type", patched(model.position + 2, layout.field16(99)), warning: true)
        }
        // Offsets past the end: the Exif pointer, the GPS pointer, the GPSLatitude value.
        // (A pointer with count 0 is already absent, so moving its offset changes nothing.)
        if let exif = layout.entry(0x8769), exif.count > 0, !layout.ifd0.isEmpty {
            jpeg(
                "exif-pointer-past-end", patched(exif.position + 8, layout.field32(farOffset)), warning: true)
            let ifd0Offset = UInt32(layout.ifd0[0].position - 2 - layout.tiff)
            jpeg("exif-pointer-cycle", patched(exif.position + 8, layout.field32(ifd0Offset)), warning: true)
        }
        if let gps = layout.entry(0x8825), gps.count > 0 {
            jpeg("gps-pointer-past-end", patched(gps.position + 8, layout.field32(farOffset)), warning: true)
        }
        if let gps = layout.gpsIFD {
            if let latitude = gps.entries.first(where: { $0.tag == 0x0002 }) {
                jpeg(
                    "gps-latitude-offset-past-end", patched(latitude.position + 8, layout.field32(farOffset)),
                    warning: true)
            }
            let count = gps.entries.count
            jpeg(
                "gps-count-past-segment",
                patched(gps.position, layout.field16(UInt16(min(999, count + 400)))),
                warning: true)
            // Cut short: inside the GPS IFD, and right after it (the APP1 segment then runs past the end).
            jpeg("cut-in-gps-ifd", Array(bytes[..<(gps.position + 2 + 12 * (count / 2) + 5)]), warning: false)
            jpeg("cut-after-gps-ifd", Array(bytes[..<(gps.position + 2 + 12 * count + 4)]), warning: false)
        }
        if let date = layout.exifIFD?.entries.first(where: { $0.tag == 0x9003 }), date.count > 4 {
            let valueEnd = layout.tiff + Int(date.value) + 10
            if valueEnd < bytes.count { jpeg("cut-in-date-value", Array(bytes[..<valueEnd]), warning: false) }
        }
        result += tiffVariants(of: layout)
        return result
    }

    /// TIFF files built from the JPEG's TIFF structure, with image data after it and the Exif and
    /// GPS IFDs copied after the image data (the originals zeroed, so only the new pointers lead
    /// to them); the pointers as LONG (4) or as IFD (13, what libtiff writes); then the same file
    /// cut right after the GPS IFD and inside it.
    static func tiffVariants(of layout: ExifLayout) -> [Variant] {
        guard let exif = layout.exifIFD, let gps = layout.gpsIFD, let exifPointer = layout.entry(0x8769),
            let gpsPointer = layout.entry(0x8825)
        else { return [] }
        var result: [Variant] = []
        for pointerType: UInt16 in [4, 13] {
            var file = Array(layout.bytes[layout.tiff..<layout.app1End])
            func local(_ absolute: Int) -> Int { absolute - layout.tiff }
            func write(_ field: [UInt8], at: Int) {
                file.replaceSubrange(at..<(at + field.count), with: field)
            }
            func ifd(_ entries: [ExifLayout.Entry]) -> [UInt8] {
                var out = layout.field16(UInt16(entries.count))
                for e in entries {
                    out +=
                        layout.field16(e.tag) + layout.field16(e.type) + layout.field32(e.count)
                        + layout.field32(e.value)
                }
                return out + layout.field32(0)
            }
            // Image data: 256 KiB of a gradient, word-aligned.
            if file.count % 2 == 1 { file.append(0) }
            file += (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 / 7) }
            let newExif = file.count
            file += ifd(exif.entries)
            let newGPS = file.count
            file += ifd(gps.entries)
            let gpsEnd = file.count
            file += [UInt8](repeating: 0xA5, count: 4_096)  // a trailing strip (a thumbnail, say)
            for (old, count) in [(exif.position, exif.entries.count), (gps.position, gps.entries.count)] {
                write([UInt8](repeating: 0, count: 2 + 12 * count + 4), at: local(old))
            }
            write(
                layout.field16(pointerType) + layout.field32(1) + layout.field32(UInt32(newExif)),
                at: local(exifPointer.position + 2))
            write(
                layout.field16(pointerType) + layout.field32(1) + layout.field32(UInt32(newGPS)),
                at: local(gpsPointer.position + 2))
            let suffix = pointerType == 13 ? "-ifd-type" : ""
            result.append(
                Variant(
                    name: "tiff-ifds-after-image\(suffix)", bytes: file, fileExtension: "tif",
                    expectsWarning: false))
            if pointerType == 13 {
                result.append(
                    Variant(
                        name: "tiff-cut-after-gps-ifd", bytes: Array(file[..<gpsEnd]), fileExtension: "tif",
                        expectsWarning: false))
                result.append(
                    Variant(
                        name: "tiff-cut-in-gps-ifd",
                        bytes: Array(file[..<(newGPS + 2 + 12 * (gps.entries.count / 2) + 3)]),
                        fileExtension: "tif", expectsWarning: true))
            }
        }
        return result
    }
}
