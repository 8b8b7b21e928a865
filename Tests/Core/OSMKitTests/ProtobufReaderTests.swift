import Testing

@testable import OSMKit

@Suite("Protobuf wire-format decoder")
struct ProtobufReaderTests {
    /// Runs `body` on a reader over `bytes`.
    private func read<T>(_ bytes: [UInt8], _ body: (inout ProtobufReader) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            return try body(&reader)
        }
    }

    private func encoded(_ value: UInt64) -> [UInt8] {
        var encoder = ProtobufTestEncoder()
        encoder.varint(value)
        return encoder.bytes
    }

    @Test(
        "decodes varints at every length boundary, up to the 10-byte UInt64.max",
        arguments: [UInt64(0), 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), 1 << 63, UInt64.max])
    func varintBoundaries(value: UInt64) throws {
        let bytes = encoded(value)
        let decoded = try read(bytes) { reader in
            let value = try reader.readVarint()
            #expect(reader.isAtEnd)
            return value
        }
        #expect(decoded == value)
        #expect(bytes.count == max(1, (64 - value.leadingZeroBitCount + 6) / 7))
    }

    @Test("rejects a varint longer than 10 bytes")
    func varintTooLong() throws {
        let bytes = [UInt8](repeating: 0xFF, count: 10) + [0x01]
        #expect(throws: ProtobufError.varintTooLong(offset: 0)) { try read(bytes) { try $0.readVarint() } }
    }

    @Test("rejects a 10-byte varint that overflows 64 bits")
    func varintOverflow() throws {
        let bytes = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        #expect(throws: ProtobufError.varintOverflow(offset: 0)) { try read(bytes) { try $0.readVarint() } }
    }

    @Test("rejects a varint cut off by the end of the buffer, naming where it started")
    func varintTruncated() throws {
        #expect(throws: ProtobufError.truncatedVarint(offset: 1)) {
            try read([0x05, 0x80, 0x80]) { reader in
                _ = try reader.readVarint()
                return try reader.readVarint()
            }
        }
        #expect(throws: ProtobufError.truncatedVarint(offset: 0)) { try read([]) { try $0.readVarint() } }
    }

    @Test(
        "maps zigzag values both ways, including the extremes",
        arguments: [Int64(0), -1, 1, -2, 2, 63, -64, Int64.max, Int64.min])
    func zigzag(value: Int64) {
        #expect(ProtobufReader.zigzagDecode(ProtobufTestEncoder.zigzag(value)) == value)
    }

    @Test("zigzag follows the spec's table: 0→0, 1→−1, 2→1, 3→−2, 4294967294→2147483647")
    func zigzagTable() {
        #expect(ProtobufReader.zigzagDecode(0) == 0)
        #expect(ProtobufReader.zigzagDecode(1) == -1)
        #expect(ProtobufReader.zigzagDecode(2) == 1)
        #expect(ProtobufReader.zigzagDecode(3) == -2)
        #expect(ProtobufReader.zigzagDecode(4_294_967_294) == 2_147_483_647)
    }

    @Test("reads fields of every wire type and skips unknown ones")
    func fieldsAndSkipping() throws {
        var encoder = ProtobufTestEncoder()
        encoder.fixed32(7, 0xDEAD_BEEF)
        encoder.uint(1, 150)
        encoder.fixed64(8, 0x0102_0304_0506_0708)
        encoder.string(2, "testing")
        encoder.sint(3, -12_345)
        encoder.int(4, -1)
        encoder.message(9) { $0.uint(1, 5) }
        encoder.uint(5, 42)
        let result = try read(encoder.bytes) { reader in
            var seen: [UInt32: String] = [:]
            while let field = try reader.nextField() {
                switch field.number {
                case 1: seen[1] = "\(try reader.uint64(field))"
                case 2: seen[2] = try reader.string(field)
                case 3: seen[3] = "\(try reader.sint64(field))"
                case 4: seen[4] = "\(try reader.int64(field))"
                case 7: seen[7] = "\(try reader.readFixed32())"
                case 8: seen[8] = "\(try reader.readFixed64())"
                default: try reader.skip(field)
                }
            }
            return seen
        }
        #expect(
            result == [
                1: "150", 2: "testing", 3: "-12345", 4: "-1", 7: "\(0xDEAD_BEEF)",
                8: "\(0x0102_0304_0506_0708)",
            ])
    }

    @Test("decodes packed varints and counts them without decoding")
    func packed() throws {
        var encoder = ProtobufTestEncoder()
        encoder.packedSigned(1, [0, -1, 1, 1_000_000, -1_000_000, Int64.min])
        let values = try read(encoder.bytes) { reader in
            let field = try #require(try reader.nextField())
            var packed = try reader.packed(field)
            #expect(packed.count() == 6)
            var values: [Int64] = []
            while let value = try packed.nextSigned() { values.append(value) }
            return values
        }
        #expect(values == [0, -1, 1, 1_000_000, -1_000_000, Int64.min])
    }

    @Test("rejects a length that runs past the end of the buffer")
    func lengthPastEnd() throws {
        #expect(throws: ProtobufError.truncated(offset: 1, needed: 10, available: 3)) {
            try read([0x0A, 0x0A, 1, 2, 3]) { reader in
                let field = try #require(try reader.nextField())
                return try reader.bytes(field).count
            }
        }
        #expect(throws: ProtobufError.truncated(offset: 1, needed: 4, available: 2)) {
            try read([0x0D, 1, 2]) { reader in
                let field = try #require(try reader.nextField())
                try reader.skip(field)
            }
        }
    }

    @Test("rejects a known field with the wrong wire type")
    func wrongWireType() throws {
        #expect(
            throws: ProtobufError.wrongWireType(
                offset: 0, field: 1, expected: .lengthDelimited, actual: .varint)
        ) {
            try read([0x08, 0x01]) { reader in
                let field = try #require(try reader.nextField())
                return try reader.message(field).remaining
            }
        }
    }

    @Test("rejects group and reserved wire types, field number 0 and out-of-range int32")
    func invalidKeys() throws {
        #expect(throws: ProtobufError.invalidWireType(offset: 0, wireType: 3)) {
            try read([0x0B]) { try $0.nextField() }
        }
        #expect(throws: ProtobufError.invalidWireType(offset: 0, wireType: 7)) {
            try read([0x0F]) { try $0.nextField() }
        }
        #expect(throws: ProtobufError.invalidFieldNumber(offset: 0, field: 0)) {
            try read([0x00]) { try $0.nextField() }
        }
        var encoder = ProtobufTestEncoder()
        encoder.uint(1, 1 << 40)
        #expect(throws: ProtobufError.valueOutOfRange(offset: 0, field: 1, value: 1 << 40)) {
            try read(encoder.bytes) { reader in
                let field = try #require(try reader.nextField())
                return try reader.int32(field)
            }
        }
    }

    @Test("reports offsets relative to the outermost buffer inside nested messages")
    func nestedOffsets() throws {
        var encoder = ProtobufTestEncoder()
        encoder.uint(1, 7)
        encoder.data(2, [0x08] + [UInt8](repeating: 0xFF, count: 11))
        #expect(throws: ProtobufError.varintTooLong(offset: 5)) {
            try read(encoder.bytes) { reader in
                _ = try reader.nextField()
                _ = try reader.readVarint()
                let field = try #require(try reader.nextField())
                var inner = try reader.message(field)
                _ = try inner.nextField()
                return try inner.readVarint()
            }
        }
    }
}
