extension TileID {
    /// Length of the string form: ⌈64 / 5⌉ Crockford base32 digits.
    public static let stringLength = 13

    /// The Crockford base32 alphabet (no I, L, O or U).
    static let alphabet: [UInt8] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// Digit value of each ASCII byte, or −1. Accepts lower case, and the Crockford aliases
    /// `O`/`o` → 0 and `I`/`i`/`L`/`l` → 1.
    static let digitValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in alphabet.enumerated() {
            table[Int(byte)] = Int8(value)
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                table[Int(byte + 32)] = Int8(value)
            }
        }
        for byte in "Oo".utf8 { table[Int(byte)] = 0 }
        for byte in "IiLl".utf8 { table[Int(byte)] = 1 }
        return table
    }()

    /// The 13-character string form (see ``TileID``).
    /// - Complexity: O(1).
    var base32String: String {
        var bytes = [UInt8](repeating: 0, count: TileID.stringLength)
        var value = rawValue
        for index in stride(from: TileID.stringLength - 1, through: 0, by: -1) {
            bytes[index] = TileID.alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses the string form and checks that it names a cell of `tiler`.
    ///
    /// Accepts exactly 13 Crockford base32 digits, in either case, with the aliases
    /// O → 0 and I, L → 1. Nothing else is accepted: no padding, hyphens or whitespace.
    ///
    /// - Throws: ``GridTilerError/wrongLength(_:expected:)``,
    ///   ``GridTilerError/badCharacter(_:position:)`` (1-based position),
    ///   ``GridTilerError/valueTooLarge(_:)``, or the range errors of
    ///   ``GridTiler/validate(_:)``.
    /// - Complexity: O(n) in the length of `text`, stopping at the first bad character.
    public init(parsing text: String, tiler: GridTiler) throws(GridTilerError) {
        let id = try TileID(parsingSyntaxOnly: text)
        try tiler.validate(id)
        self = id
    }

    /// Parses the string form without checking it against a tiler.
    init(parsingSyntaxOnly text: String) throws(GridTilerError) {
        // The common case, 13 ASCII digits, straight from the UTF-8 bytes; anything else takes
        // the character walk below, which names the error.
        if let value = Self.plainValue(text.utf8) {
            self.init(uncheckedRawValue: value)
            return
        }
        let characters = text.count
        guard characters == TileID.stringLength else {
            throw .wrongLength(characters, expected: TileID.stringLength)
        }
        var value: UInt64 = 0
        for (offset, character) in text.enumerated() {
            guard let ascii = character.asciiValue, ascii < 128,
                case let digit = TileID.digitValues[Int(ascii)], digit >= 0
            else {
                throw .badCharacter(String(character), position: offset + 1)
            }
            value = value << 5 | UInt64(digit)
            if offset == 0 && digit > 15 {
                // The first digit carries only the top 4 of the 64 bits.
                throw .valueTooLarge(text)
            }
        }
        self.init(uncheckedRawValue: value)
    }

    /// The value of exactly 13 ASCII base32 digits whose first carries at most 4 bits, or nil.
    private static func plainValue(_ utf8: String.UTF8View) -> UInt64? {
        guard utf8.count == stringLength else { return nil }
        let values = digitValues
        var value: UInt64 = 0
        var first = true
        for byte in utf8 {
            guard byte < 128, case let digit = values[Int(byte)], digit >= 0, !first || digit <= 15 else { return nil }
            value = value << 5 | UInt64(digit)
            first = false
        }
        return value
    }
}
