/// A JSON value, as held in a GeoJSON feature's `properties` and produced by the GeoJSON
/// parser.
///
/// Invariants: numbers decoded by ``GeoJSON/decode(_:)`` are finite (JSON cannot express
/// NaN or infinity; literals too large for a `Double` are refused). A non-finite number put
/// here by hand is written as `null`. Object member order is not kept: objects are written
/// with keys sorted by their UTF-8 bytes, so output is reproducible.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON does not distinguish integers; integers beyond ±2⁵³ lose precision).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are unique.
    case object([String: JSONValue])

    /// The JSON kind with an article, for error messages: "a string", "an object", ….
    /// - Complexity: O(1).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The compact JSON text of this value as UTF-8 bytes: no insignificant whitespace,
    /// object keys sorted by UTF-8 bytes, numbers in shortest round-trip form (integers
    /// below 10¹⁵ without a fraction).
    /// - Complexity: O(n) in the size of the output.
    public func jsonData() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}

/// Appends compact, deterministic JSON text to a byte buffer.
struct JSONWriter {
    /// The text written so far, UTF-8.
    var bytes: [UInt8] = []

    /// Writes any JSON value.
    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): write(number)
        case .string(let text): write(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in keys.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(key)
                bytes.append(UInt8(ascii: ":"))
                write(members[key] ?? .null)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a number; non-finite values become `null`.
    mutating func write(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number == number.rounded(.towardZero) && abs(number) < 1e15 {
            append(String(Int64(number)))
        } else {
            append(number.description)
        }
    }

    /// Writes a string literal with the escapes JSON requires.
    mutating func write(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes raw ASCII text.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
