/// A strict RFC 8259 JSON parser producing ``JSONValue``s, written for hostile input:
/// it validates UTF-8 first, bounds nesting depth (so it never recurses without limit),
/// refuses duplicate object keys and numbers that overflow `Double`, and reports errors with
/// the JSON path and byte offset of the problem.
struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    private var path = JSONPath.root

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON text (optionally preceded by a UTF-8 byte-order mark).
    ///
    /// - Throws: ``GeoJSONError`` of kind `.malformedJSON` or `.tooDeep`.
    /// - Complexity: O(n) in the input size; recursion depth at most ``maxDepth``.
    static func parse(_ input: [UInt8]) throws(GeoJSONError) -> JSONValue {
        try validateUTF8(input)
        var parser = JSONParser(bytes: input)
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipWhitespace()
        guard parser.offset < input.count else { throw parser.failure("empty input: expected a JSON value") }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.offset == input.count else {
            throw parser.failure("unexpected data after the JSON value")
        }
        return value
    }

    /// Refuses bytes that are not UTF-8, naming the offset of the first bad sequence.
    private static func validateUTF8(_ input: [UInt8]) throws(GeoJSONError) {
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = input.makeIterator()
        var position = 0
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let scalar): position += scalar.count
            case .emptyInput: return
            case .error:
                throw GeoJSONError(
                    .malformedJSON, at: .root, "input is not valid UTF-8", byteOffset: position)
            }
        }
    }

    private func failure(_ message: String) -> GeoJSONError {
        GeoJSONError(.malformedJSON, at: path, message, byteOffset: offset)
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(GeoJSONError) {
        skipWhitespace()
        guard current == byte else {
            throw failure(current == nil ? "truncated input: expected \(what)" : "expected \(what)")
        }
        offset += 1
    }

    private mutating func parseValue() throws(GeoJSONError) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw failure("truncated input: expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(Unicode.Scalar(byte))': expected a value")
        }
    }

    private mutating func enterContainer() throws(GeoJSONError) {
        depth += 1
        guard depth <= JSONParser.maxDepth else {
            throw GeoJSONError(
                .tooDeep, at: path, "JSON nested deeper than \(JSONParser.maxDepth) levels",
                byteOffset: offset)
        }
        offset += 1
    }

    private mutating func parseObject() throws(GeoJSONError) -> JSONValue {
        try enterContainer()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw failure(
                    current == nil
                        ? "truncated input: expected a member name" : "expected a member name in quotes")
            }
            let key = try parseString()
            guard members[key] == nil else {
                path.push(.key(key))
                throw GeoJSONError(.malformedJSON, at: path, "duplicate member name", byteOffset: offset)
            }
            try expect(UInt8(ascii: ":"), "':' after a member name")
            path.push(.key(key))
            members[key] = try parseValue()
            path.pop()
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(GeoJSONError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            path.push(.index(elements.count))
            elements.append(try parseValue())
            path.pop()
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseLiteral(_ word: String) throws(GeoJSONError) {
        for byte in word.utf8 {
            guard current == byte else { throw failure("invalid literal: expected '\(word)'") }
            offset += 1
        }
    }

    /// Parses the RFC 8259 number grammar, then converts; refuses values beyond `Double`.
    private mutating func parseNumber() throws(GeoJSONError) -> Double {
        let start = offset
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.offset
            while let byte = parser.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                parser.offset += 1
            }
            return parser.offset - first
        }
        if current == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw failure("invalid number: expected a digit") }
        guard !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw GeoJSONError(
                .malformedJSON, at: path, "invalid number: leading zero", byteOffset: integerStart)
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw failure("invalid number: expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number: expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw GeoJSONError(
                .malformedJSON, at: path, "number \(shown) is too large for a 64-bit float", byteOffset: start
            )
        }
        return value
    }

    /// Parses a string literal starting at the opening quote.
    private mutating func parseString() throws(GeoJSONError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ parser: JSONParser, upTo end: Int) {
            if end > runStart {
                scalars.append(
                    contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = current else { throw failure("truncated input: unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self, upTo: offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, upTo: offset)
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case ..<0x20:
                throw failure(
                    "control character U+\(String(byte, radix: 16, uppercase: true)) must be escaped in a string"
                )
            default:
                offset += 1
            }
        }
    }

    /// Parses the escape after a backslash.
    private mutating func parseEscape() throws(GeoJSONError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("truncated input: unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape")
                }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(combined) else { throw failure("invalid \\u escape") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw failure("unpaired UTF-16 surrogate in \\u escape")
            }
            return scalar
        default:
            throw failure("invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    /// Reads four hexadecimal digits.
    private mutating func parseHex4() throws(GeoJSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("truncated input: expected 4 hex digits") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected 4 hex digits in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
