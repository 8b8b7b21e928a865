/// Schema-checked reads: each checks the field's wire type before decoding its value.
extension ProtobufReader {
    /// Throws ``ProtobufError/wrongWireType(offset:field:expected:actual:)`` unless `field` has `expected`.
    @inline(__always)
    func require(_ field: ProtobufField, _ expected: ProtobufWireType) throws(ProtobufError) {
        guard field.wireType == expected else {
            throw .wrongWireType(
                offset: field.offset, field: field.number, expected: expected, actual: field.wireType)
        }
    }

    /// Reads a `uint64`/`uint32`/`enum`/`bool` field (VARINT).
    mutating func uint64(_ field: ProtobufField) throws(ProtobufError) -> UInt64 {
        try require(field, .varint)
        return try readVarint()
    }

    /// Reads an `int64` field (VARINT, two's complement).
    mutating func int64(_ field: ProtobufField) throws(ProtobufError) -> Int64 {
        try require(field, .varint)
        return Int64(bitPattern: try readVarint())
    }

    /// Reads an `int32` field, rejecting values outside `Int32`'s range.
    mutating func int32(_ field: ProtobufField) throws(ProtobufError) -> Int32 {
        try require(field, .varint)
        let raw = try readVarint()
        guard let value = Int32(exactly: Int64(bitPattern: raw)) else {
            throw .valueOutOfRange(offset: field.offset, field: field.number, value: raw)
        }
        return value
    }

    /// Reads a `sint64`/`sint32` field (zigzag VARINT).
    mutating func sint64(_ field: ProtobufField) throws(ProtobufError) -> Int64 {
        try require(field, .varint)
        return try readSignedVarint()
    }

    /// Reads an embedded message field as a sub-reader.
    mutating func message(_ field: ProtobufField) throws(ProtobufError) -> ProtobufReader {
        try require(field, .lengthDelimited)
        return try readLengthDelimited()
    }

    /// Reads a `bytes`/`string` field without copying.
    mutating func bytes(_ field: ProtobufField) throws(ProtobufError) -> UnsafeRawBufferPointer {
        try require(field, .lengthDelimited)
        return try readBytes()
    }

    /// Reads a `string` field into a Swift `String` (invalid UTF-8 is repaired with U+FFFD).
    mutating func string(_ field: ProtobufField) throws(ProtobufError) -> String {
        String(decoding: try bytes(field), as: UTF8.self)
    }

    /// Reads a packed repeated varint field as a lazy sequence of raw values.
    mutating func packed(_ field: ProtobufField) throws(ProtobufError) -> PackedVarints {
        try require(field, .lengthDelimited)
        return PackedVarints(reader: try readLengthDelimited())
    }
}

/// The values of a packed repeated varint field, decoded one at a time without allocation.
///
/// - Complexity: `next()` is O(1) amortised; `count()` is O(n) in the field's bytes.
struct PackedVarints {
    /// The bytes of the packed field.
    var reader: ProtobufReader

    /// An empty field (absent from its message).
    static var empty: PackedVarints { PackedVarints(reader: ProtobufReader(base: nil, start: 0, end: 0)) }

    /// Whether no values remain.
    var isAtEnd: Bool { reader.isAtEnd }

    /// The next raw varint, or `nil` when the field is exhausted.
    @inline(__always)
    mutating func next() throws(ProtobufError) -> UInt64? {
        guard !reader.isAtEnd else { return nil }
        return try reader.readVarint()
    }

    /// The next zigzag-decoded value, or `nil` when the field is exhausted.
    @inline(__always)
    mutating func nextSigned() throws(ProtobufError) -> Int64? {
        guard !reader.isAtEnd else { return nil }
        return try reader.readSignedVarint()
    }

    /// Number of values: bytes without the continuation bit set (each ends one varint).
    ///
    /// Only meaningful for well-formed data; decoding still validates each value.
    func count() -> Int {
        guard let base = reader.base else { return 0 }
        var total = 0
        for offset in reader.position..<reader.end
        where base.load(fromByteOffset: offset, as: UInt8.self) < 0x80 {
            total += 1
        }
        return total
    }
}
