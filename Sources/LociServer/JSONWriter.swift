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
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number):
            if number.isFinite {
                out += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            } else {
                out += "null"
            }
        case .string(let text): escape(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                escape(member.0, into: &out)
                out += ":"
                write(member.1, into: &out)
            }
            out += "}"
        }
    }

    static func escape(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"  // safe inside an HTML page too
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
