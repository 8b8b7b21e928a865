/// Number parsing over raw bytes, without creating strings.
enum DecimalParser {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A finite decimal number, `[-+]digits[.digits]`, or anything Swift's `Double(_:)` reads
    /// that is finite (exponents); nil otherwise (text, NaN, infinities).
    ///
    /// Fast path (Clinger 1990): with at most 15 significant digits the digits form an integer
    /// below 2⁵³ and 10ᵏ (k ≤ 22) is exact, so one division is correctly rounded: the same
    /// double `strtod` gives.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var negative = false
        if i < text.count && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var sawDigit = false
        var simple = true
        while i < text.count {
            let byte = text[i]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                simple = false
                break
            }
            i += 1
        }
        if simple && sawDigit && digits <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// A non-negative decimal integer of at most 18 digits; nil for anything else.
    static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !text.isEmpty, text.count <= 18 else { return nil }
        var value = 0
        for byte in text {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
