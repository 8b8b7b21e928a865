/// A strict decoder for one CBOR data item (RFC 8949) of the subset attestation objects use.
///
/// Written here because no trusted CBOR library was available to the project; it accepts only
/// what an App Attest attestation object needs and refuses the rest rather than guessing:
/// - major types 0–5 only (no tags, floats or simple values);
/// - definite lengths only, each in its shortest form (preferred serialisation, RFC 8949 §4.1);
/// - UTF-8 text, unique map keys, no bytes after the one item;
/// - at most ``Limits/maximumDepth`` levels, ``Limits/maximumItems`` items and
///   ``Limits/maximumLength`` bytes per string, checked before anything is allocated.
///
/// - Complexity: O(n) in the input size, plus O(k²) key comparisons per map of k pairs (k is
///   bounded by ``Limits/maximumItems``).
public struct CBORDecoder: Sendable {
    /// Bounds on what one input may hold.
    public struct Limits: Sendable, Equatable {
        /// Arrays and maps nested deeper than this are refused (the top level is depth 1).
        public var maximumDepth: Int
        /// Data items in total (every integer, string, array and map counts one).
        public var maximumItems: Int
        /// Bytes in one byte or text string.
        public var maximumLength: Int

        /// Creates limits.
        public init(maximumDepth: Int = 16, maximumItems: Int = 4_096, maximumLength: Int = 1 << 20) {
            self.maximumDepth = maximumDepth
            self.maximumItems = maximumItems
            self.maximumLength = maximumLength
        }
    }

    /// The limits every decode obeys.
    public let limits: Limits

    /// Creates a decoder with `limits` (the defaults fit an attestation object with room).
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes `bytes` as exactly one data item.
    /// - Throws: ``CBORDecodingError`` naming what was wrong and its byte offset.
    public func decode(_ bytes: [UInt8]) throws(CBORDecodingError) -> CBORValue {
        var reader = Reader(bytes: bytes, limits: limits)
        let value = try reader.item(depth: 1)
        guard reader.offset == bytes.count else { throw CBORDecodingError(.trailingBytes, at: reader.offset) }
        return value
    }
}

/// The cursor over the input and the running item count.
private struct Reader {
    let bytes: [UInt8]
    let limits: CBORDecoder.Limits
    var offset = 0
    var items = 0

    init(bytes: [UInt8], limits: CBORDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func item(depth: Int) throws(CBORDecodingError) -> CBORValue {
        let start = offset
        items += 1
        guard items <= limits.maximumItems else { throw CBORDecodingError(.tooManyItems, at: start) }
        let initial = try byte(itemStart: start)
        let major = initial >> 5
        let argument = try self.argument(additional: initial & 0x1f, itemStart: start)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try slice(length: argument, itemStart: start))
        case 3:
            let raw = try slice(length: argument, itemStart: start)
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw CBORDecodingError(.invalidUTF8, at: start)
            }
            return .text(text)
        case 4:
            guard depth < limits.maximumDepth else { throw CBORDecodingError(.tooDeep, at: start) }
            let count = try count(argument, itemStart: start)
            var elements: [CBORValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try item(depth: depth + 1)) }
            return .array(elements)
        case 5:
            guard depth < limits.maximumDepth else { throw CBORDecodingError(.tooDeep, at: start) }
            let count = try count(argument, itemStart: start)
            var pairs: [(key: CBORValue, value: CBORValue)] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let keyStart = offset
                let key = try item(depth: depth + 1)
                guard !pairs.contains(where: { $0.key == key }) else {
                    throw CBORDecodingError(.duplicateKey, at: keyStart)
                }
                pairs.append((key, try item(depth: depth + 1)))
            }
            return .map(pairs)
        default:
            throw CBORDecodingError(.unsupportedMajorType(major), at: start)
        }
    }

    /// The next byte; `truncated` at the item's start when there is none.
    mutating func byte(itemStart: Int) throws(CBORDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw CBORDecodingError(.truncated, at: itemStart) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The header's argument: the value itself (additional information < 24) or the 1, 2, 4 or
    /// 8 big-endian bytes after it, which must not fit a shorter form.
    mutating func argument(additional: UInt8, itemStart: Int) throws(CBORDecodingError) -> UInt64 {
        let width: Int
        switch additional {
        case 0..<24: return UInt64(additional)
        case 24: width = 1
        case 25: width = 2
        case 26: width = 4
        case 27: width = 8
        case 31: throw CBORDecodingError(.indefiniteLength, at: itemStart)
        default: throw CBORDecodingError(.reservedAdditionalInformation, at: itemStart)
        }
        var value: UInt64 = 0
        for _ in 0..<width { value = value << 8 | UInt64(try byte(itemStart: itemStart)) }
        let smallest: UInt64 =
            switch width {
            case 1: 24
            case 2: 1 << 8
            case 4: 1 << 16
            default: 1 << 32
            }
        guard value >= smallest else { throw CBORDecodingError(.nonMinimalLength, at: itemStart) }
        return value
    }

    /// A string's bytes, refused before allocation when longer than the limit or the input.
    mutating func slice(length: UInt64, itemStart: Int) throws(CBORDecodingError) -> [UInt8] {
        guard length <= UInt64(limits.maximumLength) else { throw CBORDecodingError(.tooLong(length), at: itemStart) }
        let count = Int(length)
        guard count <= bytes.count - offset else { throw CBORDecodingError(.truncated, at: itemStart) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// An array's or map's element count, refused when it cannot fit the item limit or the
    /// remaining input (each element takes at least one byte).
    func count(_ argument: UInt64, itemStart: Int) throws(CBORDecodingError) -> Int {
        guard argument <= UInt64(limits.maximumItems) else { throw CBORDecodingError(.tooLong(argument), at: itemStart) }
        guard argument <= UInt64(bytes.count - offset) else { throw CBORDecodingError(.truncated, at: itemStart) }
        return Int(argument)
    }
}
