import Foundation

/// A JSON value written by hand: responses are built from these, so member names are exactly
/// the documented snake_case ones and numbers print the same on every platform.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        JSONWriter.write(lhs) == JSONWriter.write(rhs)
    }
}

/// Serialises ``JSONValue``s (members in the given order; non-finite doubles as null).
public enum JSONWriter {
    /// An object from name–value pairs, in order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> String {
        write(.object(members.map { ($0.key, $0.value) }))
    }

    /// The JSON text of a value.
    public static func write(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The JSON text of a value as UTF-8 bytes (what a response body is made of; no detour
    /// through `String`).
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number):
            if number.isFinite {
                let whole = number == number.rounded() && abs(number) < 1e15
                let text = whole ? String(Int64(number)) : number.description
                out.append(contentsOf: text.utf8)
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let text): escape(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                escape(member.0, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Writes `text` as a JSON string. Works on UTF-8 bytes: every escaped character is ASCII,
    /// and the bytes of a multi-byte sequence are all ≥ 0x80, so they are copied unchanged.
    static func escape(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "\\u003c".utf8)  // safe inside an HTML page too
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0xF))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The lowercase hex digit of a nibble.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
