/// One decoded CBOR data item (RFC 8949), limited to the major types an App Attest attestation
/// object uses: unsigned and negative integers, byte and text strings, arrays and maps.
///
/// Floats, tags and simple values (`true`, `false`, `null`) are refused by ``CBORDecoder``,
/// so a value of this type is always one of these cases.
public indirect enum CBORValue: Sendable, Equatable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the negative integer `-1 - n`, kept as `n` (so the whole range fits).
    case negative(UInt64)
    /// Major type 2: a byte string.
    case bytes([UInt8])
    /// Major type 3: a UTF-8 text string (checked as it is decoded).
    case text(String)
    /// Major type 4: an array.
    case array([CBORValue])
    /// Major type 5: a map, its pairs in the order they were written (keys are unique).
    case map([(key: CBORValue, value: CBORValue)])

    /// Equality; maps compare pair by pair in order.
    public static func == (left: CBORValue, right: CBORValue) -> Bool {
        switch (left, right) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

extension CBORValue {
    /// The value under the text key `key` when this is a map, else nil.
    public subscript(key: String) -> CBORValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == .text(key) }?.value
    }

    /// The bytes when this is a byte string.
    public var bytesValue: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The string when this is a text string.
    public var textValue: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The elements when this is an array.
    public var arrayValue: [CBORValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
