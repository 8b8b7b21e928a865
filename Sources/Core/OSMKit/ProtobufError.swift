/// A failure of the protobuf wire-format decoder.
///
/// Every case carries `offset`, the byte position (0-based) in the buffer being decoded where
/// the problem was found. For PBF blobs that buffer is the blob's (decompressed) payload.
///
/// Follows the protobuf encoding spec (https://protobuf.dev/programming-guides/encoding/).
public enum ProtobufError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A varint ran past the end of its buffer.
    case truncatedVarint(offset: Int)
    /// A varint had more than 10 bytes.
    case varintTooLong(offset: Int)
    /// A 10-byte varint whose last byte carries bits beyond 64.
    case varintOverflow(offset: Int)
    /// A fixed-width or length-delimited value runs past the end of its buffer.
    case truncated(offset: Int, needed: Int, available: Int)
    /// A field key with a wire type this decoder does not know (3, 4: groups; 6, 7: reserved).
    case invalidWireType(offset: Int, wireType: UInt8)
    /// A field key with field number 0, or one above 2^29 − 1.
    case invalidFieldNumber(offset: Int, field: UInt64)
    /// A known field encoded with a wire type other than the one its schema requires.
    case wrongWireType(offset: Int, field: UInt32, expected: ProtobufWireType, actual: ProtobufWireType)
    /// A value outside the range of its declared type (e.g. an `int32` above 2^31 − 1).
    case valueOutOfRange(offset: Int, field: UInt32, value: UInt64)

    /// The byte position within the decoded buffer where the problem was found.
    public var offset: Int {
        switch self {
        case .truncatedVarint(let offset), .varintTooLong(let offset), .varintOverflow(let offset),
            .truncated(let offset, _, _), .invalidWireType(let offset, _),
            .invalidFieldNumber(let offset, _), .wrongWireType(let offset, _, _, _),
            .valueOutOfRange(let offset, _, _):
            return offset
        }
    }

    /// A one-line English description naming the offset.
    public var description: String {
        switch self {
        case .truncatedVarint(let offset):
            return "varint at byte \(offset) runs past the end of its buffer"
        case .varintTooLong(let offset):
            return "varint at byte \(offset) is longer than 10 bytes"
        case .varintOverflow(let offset):
            return "varint at byte \(offset) overflows 64 bits"
        case .truncated(let offset, let needed, let available):
            return "value at byte \(offset) needs \(needed) bytes but only \(available) remain"
        case .invalidWireType(let offset, let wireType):
            return "field key at byte \(offset) has unsupported wire type \(wireType)"
        case .invalidFieldNumber(let offset, let field):
            return "field key at byte \(offset) has invalid field number \(field)"
        case .wrongWireType(let offset, let field, let expected, let actual):
            return "field \(field) at byte \(offset) has wire type \(actual), expected \(expected)"
        case .valueOutOfRange(let offset, let field, let value):
            return "field \(field) at byte \(offset) has out-of-range value \(value)"
        }
    }
}

/// The wire types of the protobuf encoding that OSM PBF uses (groups are not supported).
public enum ProtobufWireType: UInt8, Sendable, Equatable, CustomStringConvertible {
    /// int32, int64, uint32, uint64, sint32, sint64, bool, enum.
    case varint = 0
    /// fixed64, sfixed64, double.
    case fixed64 = 1
    /// string, bytes, embedded messages, packed repeated fields.
    case lengthDelimited = 2
    /// fixed32, sfixed32, float.
    case fixed32 = 5

    /// The spec's name for the wire type (`VARINT`, `I64`, `LEN`, `I32`).
    public var description: String {
        switch self {
        case .varint: return "VARINT"
        case .fixed64: return "I64"
        case .lengthDelimited: return "LEN"
        case .fixed32: return "I32"
        }
    }
}
