/// A field key read from the wire: field number, wire type and where the key started.
struct ProtobufField: Sendable, Equatable {
    /// The field number, in 1...2^29 − 1.
    var number: UInt32
    /// The wire type that follows the key.
    var wireType: ProtobufWireType
    /// Byte offset of the key within the buffer being decoded.
    var offset: Int
}

/// A zero-copy cursor over protobuf wire-format bytes, in the manner of libosmium's protozero.
///
/// The reader borrows memory it does not own: it must only be used while the buffer it was
/// created from is alive (inside the `withUnsafeBytes` closure that produced it). Sub-readers for
/// length-delimited fields share the same base pointer, so every offset a reader reports
/// (`position`, error offsets) is relative to the outermost buffer.
///
/// Invariants: `0 <= position <= end`, and no byte at or after `end` is ever read.
///
/// Follows https://protobuf.dev/programming-guides/encoding/ (proto2, no groups).
///
/// - Complexity: Every read is O(1) except varints (O(bytes), at most 10) and skipping (O(1)).
struct ProtobufReader {
    /// Start of the outermost buffer; `nil` only when that buffer is empty.
    let base: UnsafeRawPointer?
    /// Offset of the next unread byte.
    private(set) var position: Int
    /// Offset one past the last byte this reader may read.
    let end: Int

    /// A reader over a whole buffer.
    init(_ buffer: UnsafeRawBufferPointer) {
        self.base = buffer.baseAddress
        self.position = 0
        self.end = buffer.count
    }

    /// A reader over `start..<end` of the buffer starting at `base`; the caller guarantees the range is valid.
    init(base: UnsafeRawPointer?, start: Int, end: Int) {
        self.base = base
        self.position = start
        self.end = end
    }

    /// Whether every byte has been consumed.
    var isAtEnd: Bool { position >= end }

    /// Bytes left to read.
    var remaining: Int { end - position }

    /// Reads the next field key, or returns `nil` at the end of the buffer.
    ///
    /// - Throws: ``ProtobufError`` for a bad varint, a group or reserved wire type, or field number 0.
    @inline(__always)
    mutating func nextField() throws(ProtobufError) -> ProtobufField? {
        guard position < end else { return nil }
        let offset = position
        let key = try readVarint()
        let number = key >> 3
        guard number != 0, number <= 0x1FFF_FFFF else {
            throw .invalidFieldNumber(offset: offset, field: number)
        }
        guard let wireType = ProtobufWireType(rawValue: UInt8(key & 7)) else {
            throw .invalidWireType(offset: offset, wireType: UInt8(key & 7))
        }
        return ProtobufField(number: UInt32(number), wireType: wireType, offset: offset)
    }

    /// Reads one base-128 varint (at most 10 bytes, at most 64 bits).
    @inline(__always)
    mutating func readVarint() throws(ProtobufError) -> UInt64 {
        guard position < end, let base else { throw .truncatedVarint(offset: position) }
        let first = base.load(fromByteOffset: position, as: UInt8.self)
        if first < 0x80 {
            position += 1
            return UInt64(first)
        }
        if position + 1 < end {
            let second = base.load(fromByteOffset: position + 1, as: UInt8.self)
            if second < 0x80 {
                position += 2
                return UInt64(first & 0x7F) | UInt64(second) << 7
            }
        }
        return try readVarintSlow()
    }

    /// The multi-byte varint path, with the 10-byte and 64-bit checks.
    @inline(never)
    private mutating func readVarintSlow() throws(ProtobufError) -> UInt64 {
        guard let base else { throw .truncatedVarint(offset: position) }
        let start = position
        var cursor = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard cursor < end else { throw .truncatedVarint(offset: start) }
            let byte = base.load(fromByteOffset: cursor, as: UInt8.self)
            if shift == 63 {
                if byte & 0x80 != 0 { throw .varintTooLong(offset: start) }
                if byte > 1 { throw .varintOverflow(offset: start) }
            }
            result |= UInt64(byte & 0x7F) << shift
            cursor += 1
            if byte < 0x80 {
                position = cursor
                return result
            }
            shift += 7
        }
    }

    /// Reads a zigzag-encoded `sint64`/`sint32` varint.
    @inline(__always)
    mutating func readSignedVarint() throws(ProtobufError) -> Int64 {
        ProtobufReader.zigzagDecode(try readVarint())
    }

    /// Maps a zigzag-encoded value back to its signed value (0→0, 1→−1, 2→1, …).
    @inline(__always)
    static func zigzagDecode(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// Reads 4 little-endian bytes.
    mutating func readFixed32() throws(ProtobufError) -> UInt32 {
        let start = try claim(4)
        guard let base else { throw .truncated(offset: start, needed: 4, available: 0) }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt32.self))
    }

    /// Reads 8 little-endian bytes.
    mutating func readFixed64() throws(ProtobufError) -> UInt64 {
        let start = try claim(8)
        guard let base else { throw .truncated(offset: start, needed: 8, available: 0) }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }

    /// Reads a length prefix and returns a reader over exactly that many following bytes.
    mutating func readLengthDelimited() throws(ProtobufError) -> ProtobufReader {
        let offset = position
        let length = try readVarint()
        guard length <= UInt64(remaining) else {
            throw .truncated(offset: offset, needed: Int(clamping: length), available: remaining)
        }
        let start = position
        position += Int(length)
        return ProtobufReader(base: base, start: start, end: position)
    }

    /// Reads a length-delimited field and returns its bytes (borrowed, not copied).
    mutating func readBytes() throws(ProtobufError) -> UnsafeRawBufferPointer {
        let sub = try readLengthDelimited()
        guard let base = sub.base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + sub.position, count: sub.remaining)
    }

    /// Skips the value of a field whose key was just read.
    mutating func skip(_ field: ProtobufField) throws(ProtobufError) {
        switch field.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try claim(8)
        case .fixed32: _ = try claim(4)
        case .lengthDelimited: _ = try readLengthDelimited()
        }
    }

    /// Advances past `count` bytes, returning where they start.
    private mutating func claim(_ count: Int) throws(ProtobufError) -> Int {
        guard count <= remaining else {
            throw .truncated(offset: position, needed: count, available: remaining)
        }
        let start = position
        position += count
        return start
    }
}
