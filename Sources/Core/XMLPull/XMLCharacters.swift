/// Character classes of XML 1.0 (Fifth Edition), https://www.w3.org/TR/xml/#charsets and #NT-Name.
enum XMLCharacters {
    /// ``classes`` bit: an ASCII `NameStartChar`.
    static let nameStartClass: UInt8 = 1
    /// ``classes`` bit: an ASCII `NameChar`.
    static let nameClass: UInt8 = 2
    /// ``classes`` bit: a byte that text copies as it is (printable ASCII but `<`, `&`, `>`; tab, LF).
    static let plainTextClass: UInt8 = 4
    /// ``classes`` bit: a byte an attribute value copies as it is (printable ASCII but `<`, `&`, quotes).
    static let plainAttributeClass: UInt8 = 8

    /// The class bits of every byte value, for the scanner's inner loops (built once, never freed);
    /// written only while the lazy initialiser runs, so sharing it across threads is safe.
    nonisolated(unsafe) static let classes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0..<256 {
            let byte = UInt8(value)
            var bits: UInt8 = 0
            if isASCIINameStart(byte) { bits |= nameStartClass }
            if isASCIIName(byte) { bits |= nameClass }
            let printable = byte >= 0x20 && byte < 0x80
            if (printable && !"<&>".utf8.contains(byte)) || byte == 0x09 || byte == 0x0A {
                bits |= plainTextClass
            }
            if printable && !"<&\"'".utf8.contains(byte) { bits |= plainAttributeClass }
            table[value] = bits
        }
        return UnsafePointer(table)
    }()

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

    /// Passes the UTF-8 encoding of a valid scalar to `append`, a byte at a time.
    @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, _ append: (UInt8) -> Void) {
        switch scalar {
        case 0..<0x80:
            append(UInt8(scalar))
        case 0x80..<0x800:
            append(UInt8(0xC0 | scalar >> 6))
            append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            append(UInt8(0xE0 | scalar >> 12))
            append(UInt8(0x80 | scalar >> 6 & 0x3F))
            append(UInt8(0x80 | scalar & 0x3F))
        default:
            append(UInt8(0xF0 | scalar >> 18))
            append(UInt8(0x80 | scalar >> 12 & 0x3F))
            append(UInt8(0x80 | scalar >> 6 & 0x3F))
            append(UInt8(0x80 | scalar & 0x3F))
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
