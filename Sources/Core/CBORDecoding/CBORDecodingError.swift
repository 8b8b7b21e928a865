/// Why bytes are not one acceptable CBOR data item, and at which byte offset.
public struct CBORDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// The input ended inside an item (a truncated header, string, array or map).
        case truncated
        /// Bytes follow the one top-level item.
        case trailingBytes
        /// An indefinite length (additional information 31): refused, lengths must be definite.
        case indefiniteLength
        /// Additional information 28–30, reserved by RFC 8949.
        case reservedAdditionalInformation
        /// A major type outside this decoder's subset: 6 (tags) or 7 (floats, simple values).
        case unsupportedMajorType(UInt8)
        /// A length or an integer written in more bytes than it needs (not preferred serialisation).
        case nonMinimalLength
        /// Nesting deeper than ``CBORDecoder/Limits/maximumDepth``.
        case tooDeep
        /// A string, array or map longer than the limits allow (or than the input).
        case tooLong(UInt64)
        /// More items in total than ``CBORDecoder/Limits/maximumItems``.
        case tooManyItems
        /// A text string that is not UTF-8.
        case invalidUTF8
        /// The same key twice in one map.
        case duplicateKey
    }

    /// What was wrong.
    public let kind: Kind
    /// The offset of the item's first byte (or of the first trailing byte).
    public let offset: Int

    /// Creates an error.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// One line: what, and at which byte.
    public var description: String {
        let what: String =
            switch kind {
            case .truncated: "the input ends inside an item"
            case .trailingBytes: "bytes follow the top-level item"
            case .indefiniteLength: "indefinite lengths are not accepted"
            case .reservedAdditionalInformation: "reserved additional information (28-30)"
            case .unsupportedMajorType(let type): "major type \(type) (tags, floats, simple values) is not accepted"
            case .nonMinimalLength: "a length or integer is not in its shortest form"
            case .tooDeep: "nesting is deeper than the limit"
            case .tooLong(let length): "a length of \(length) exceeds the limit or the input"
            case .tooManyItems: "more items than the limit"
            case .invalidUTF8: "a text string is not UTF-8"
            case .duplicateKey: "a map has the same key twice"
            }
        return "CBOR: \(what) at byte \(offset)"
    }
}
