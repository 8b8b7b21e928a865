/// Reads the EXIF orientation tag (0x0112) of a JPEG: APP1 "Exif\0\0" → TIFF header → IFD0.
/// Every offset is bounds-checked; anything unexpected gives 1 (upright).
enum EXIFOrientation {
    /// The orientation, 1…8, or 1 when absent or unreadable.
    static func read(_ bytes: [UInt8]) -> Int {
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                position += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return 1 }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let start = position + 4
            let end = position + 2 + length
            guard length >= 2, end <= bytes.count else { return 1 }
            if marker == 0xE1, end - start >= 14,
                Array(bytes[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0]
            {
                return orientation(inTIFF: bytes[(start + 6)..<end]) ?? 1
            }
            position = end
        }
        return 1
    }

    private static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let base = tiff.startIndex
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let a = Int(tiff[base + offset])
            let b = Int(tiff[base + offset + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ offset: Int) -> Int? {
            guard let low = u16(little ? offset : offset + 2), let high = u16(little ? offset + 2 : offset)
            else {
                return nil
            }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112 {
                guard let type = u16(at + 2), type == 3, let value = u16(at + 8), (1...8).contains(value)
                else {
                    return nil
                }
                return value
            }
        }
        return nil
    }
}
