/// Reading the two flat JSON shapes the store writes — an array of strings (`alt_names`) and an
/// object of strings (`tags`) — when they are written plainly: no escapes, no spaces, no repeated
/// keys (the writer's `JSONEncoder` with sorted keys and unescaped slashes produces exactly this
/// for almost every place). Anything else gives `nil` and goes to `JSONSerialization`, so these
/// never accept what it rejects and read what they accept the same way, without its cost per
/// place (ranking pools and results decode tens of places per query).
enum PlainJSON {
    /// `["a","b"]` or `[]` → the strings; `nil` for any other text.
    static func strings(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "["), bytes[bytes.count - 1] == UInt8(ascii: "]")
        else {
            return nil
        }
        var index = 1
        let end = bytes.count - 1
        var result: [String] = []
        while index < end {
            if !result.isEmpty {
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
            guard let string = string(bytes, at: &index, end: end) else { return nil }
            result.append(string)
        }
        return result
    }

    /// `{"k":"v","l":"w"}` or `{}` → the pairs; `nil` for any other text (also a repeated key).
    static func stringObject(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}")
        else {
            return nil
        }
        var index = 1
        let end = bytes.count - 1
        var result: [String: String] = [:]
        // Four quotes per pair when written plainly: sized once instead of regrown as pairs arrive.
        var quotes = 0
        for byte in bytes where byte == UInt8(ascii: "\"") { quotes += 1 }
        result.reserveCapacity(quotes / 4)
        while index < end {
            if !result.isEmpty {
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
            guard let key = string(bytes, at: &index, end: end), index < end,
                bytes[index] == UInt8(ascii: ":")
            else { return nil }
            index += 1
            guard let value = string(bytes, at: &index, end: end),
                result.updateValue(value, forKey: key) == nil
            else { return nil }
        }
        return result
    }

    /// The string starting with a quote at `index` (before `end`), moving `index` past its closing
    /// quote; `nil` for a backslash, a control character or ill-formed UTF-8 inside it.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, end: Int) -> String?
    {
        guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var close = start
        while close < end, bytes[close] != UInt8(ascii: "\"") {
            guard bytes[close] != UInt8(ascii: "\\"), bytes[close] >= 0x20 else { return nil }
            close += 1
        }
        guard close < end else { return nil }
        // Decoding replaces ill-formed UTF-8, so a text that does not read back as the same bytes
        // was not UTF-8. (`String(validating:as:)` is iOS 18; the apps run on iOS 17.)
        let text = String(decoding: bytes[start..<close], as: UTF8.self)
        guard text.utf8.elementsEqual(bytes[start..<close]) else { return nil }
        index = close + 1
        return text
    }
}
