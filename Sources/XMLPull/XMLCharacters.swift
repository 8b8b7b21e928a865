/// Character classes of XML 1.0 (Fifth Edition), https://www.w3.org/TR/xml/#charsets and #NT-Name.
enum XMLCharacters {
    /// `S`: space, tab, line feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// An ASCII `NameStartChar`: letters, `_` and `:`.
    @inline(__always)
    static func isASCIINameStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || byte == 0x5F || byte == 0x3A
    }

    /// An ASCII `NameChar`: a name start, a digit, `-` or `.`.
    @inline(__always)
    static func isASCIIName(_ byte: UInt8) -> Bool {
        isASCIINameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    /// A non-ASCII `NameStartChar`.
    static func isNameStart(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// A non-ASCII `NameChar`.
    static func isName(_ scalar: UInt32) -> Bool {
        isNameStart(scalar) || scalar == 0xB7 || (0x300...0x36F).contains(scalar)
            || (0x203F...0x2040).contains(scalar)
    }

    /// Whether a code point is an XML `Char` (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF).
    static func isCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Appends the UTF-8 encoding of a valid scalar.
    static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts and the bounds of its second byte
    /// (Unicode 15, Table 3-7), or `nil` for a byte that cannot start a sequence.
    @inline(__always)
    static func sequence(lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
        switch lead {
        case 0xC2...0xDF: return (2, 0x80, 0xBF)
        case 0xE0: return (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF)
        case 0xED: return (3, 0x80, 0x9F)
        case 0xF0: return (4, 0x90, 0xBF)
        case 0xF1...0xF3: return (4, 0x80, 0xBF)
        case 0xF4: return (4, 0x80, 0x8F)
        default: return nil
        }
    }
}
