/// UTF-8 well-formedness (Unicode 15, table 3-7): no overlong forms, no surrogates, nothing
/// past U+10FFFF, no truncated sequences.
enum UTF8Validation {
    /// Whether `buffer[range]` is well-formed UTF-8. ASCII runs cost one comparison per byte.
    static func isValid(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let lead = buffer[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return false
            }
            guard end - i >= length else { return false }
            guard (lower...upper).contains(buffer[i + 1]) else { return false }
            for k in 2..<max(length, 2) where !(0x80...0xBF).contains(buffer[i + k]) { return false }
            i += length
        }
        return true
    }
}
