import CZlib

@testable import OSMKit

/// A tiny protobuf wire-format encoder for building test inputs (varint, zigzag, fixed, LEN, packed).
struct ProtobufTestEncoder {
    var bytes: [UInt8] = []

    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func key(_ field: UInt32, _ wireType: UInt8) {
        varint(UInt64(field) << 3 | UInt64(wireType))
    }

    mutating func uint(_ field: UInt32, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func int(_ field: UInt32, _ value: Int64) {
        uint(field, UInt64(bitPattern: value))
    }

    mutating func sint(_ field: UInt32, _ value: Int64) {
        uint(field, Self.zigzag(value))
    }

    mutating func fixed32(_ field: UInt32, _ value: UInt32) {
        key(field, 5)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func fixed64(_ field: UInt32, _ value: UInt64) {
        key(field, 1)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func data(_ field: UInt32, _ value: [UInt8]) {
        key(field, 2)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func string(_ field: UInt32, _ value: String) {
        data(field, Array(value.utf8))
    }

    mutating func message(_ field: UInt32, _ build: (inout ProtobufTestEncoder) -> Void) {
        var inner = ProtobufTestEncoder()
        build(&inner)
        data(field, inner.bytes)
    }

    mutating func packed(_ field: UInt32, _ values: [UInt64]) {
        var inner = ProtobufTestEncoder()
        values.forEach { inner.varint($0) }
        data(field, inner.bytes)
    }

    mutating func packedSigned(_ field: UInt32, _ values: [Int64]) {
        packed(field, values.map(Self.zigzag))
    }

    /// Zigzag-packs the successive differences of `values` (PBF delta coding).
    mutating func packedDelta(_ field: UInt32, _ values: [Int64]) {
        var previous: Int64 = 0
        packedSigned(
            field,
            values.map { value in
                defer { previous = value }
                return value &- previous
            })
    }
}

/// Builders for whole PBF files: framing, blobs, header and primitive blocks.
enum PBFTestFile {
    /// 4-byte big-endian header length, `BlobHeader`, then the `Blob` bytes.
    static func frame(type: String, blob: [UInt8], dataSize: Int? = nil) -> [UInt8] {
        var header = ProtobufTestEncoder()
        header.string(1, type)
        header.int(3, Int64(dataSize ?? blob.count))
        let length = UInt32(header.bytes.count)
        return withUnsafeBytes(of: length.bigEndian) { Array($0) } + header.bytes + blob
    }

    /// `Blob { raw = 1 }`.
    static func rawBlob(_ payload: [UInt8]) -> [UInt8] {
        var blob = ProtobufTestEncoder()
        blob.data(1, payload)
        return blob.bytes
    }

    /// zlib-compresses with CZlib's `compress2`.
    static func deflate(_ payload: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(payload.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            payload.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(payload.count), 6)
            }
        }
        precondition(status == Z_OK, "test compression failed")
        return Array(output.prefix(Int(length)))
    }

    /// `Blob { raw_size = 2; zlib_data = 3 }`, with an optionally wrong `raw_size`.
    static func zlibBlob(_ payload: [UInt8], rawSize: Int64? = nil) -> [UInt8] {
        var blob = ProtobufTestEncoder()
        blob.int(2, rawSize ?? Int64(payload.count))
        blob.data(3, deflate(payload))
        return blob.bytes
    }

    /// A `HeaderBlock` payload.
    static func headerBlock(
        required: [String] = ["OsmSchema-V0.6", "DenseNodes"], optional: [String] = [],
        program: String? = "loci-tests", bbox: (left: Int64, right: Int64, top: Int64, bottom: Int64)? = nil
    ) -> [UInt8] {
        var header = ProtobufTestEncoder()
        if let bbox {
            header.message(1) { box in
                box.sint(1, bbox.left)
                box.sint(2, bbox.right)
                box.sint(3, bbox.top)
                box.sint(4, bbox.bottom)
            }
        }
        required.forEach { header.string(4, $0) }
        optional.forEach { header.string(5, $0) }
        if let program { header.string(16, program) }
        return header.bytes
    }

    /// A whole file: header blob then one `OSMData` blob per payload.
    static func file(header: [UInt8] = headerBlock(), blocks: [[UInt8]], zlib: Bool = false) -> [UInt8] {
        let wrap: ([UInt8]) -> [UInt8] = zlib ? { zlibBlob($0) } : { rawBlob($0) }
        return frame(type: "OSMHeader", blob: wrap(header))
            + blocks.flatMap { frame(type: "OSMData", blob: wrap($0)) }
    }

    /// A `PrimitiveBlock` with the given string table and groups built by `build`.
    static func primitiveBlock(
        strings: [String], granularity: Int64? = nil, latOffset: Int64? = nil, lonOffset: Int64? = nil,
        groups build: (inout ProtobufTestEncoder) -> Void
    ) -> [UInt8] {
        var block = ProtobufTestEncoder()
        block.message(1) { table in strings.forEach { table.string(1, $0) } }
        block.message(2, build)
        if let granularity { block.int(17, granularity) }
        if let latOffset { block.int(19, latOffset) }
        if let lonOffset { block.int(20, lonOffset) }
        return block.bytes
    }

    /// A block of dense nodes (ids, lat/lon in coordinate units) with optional `keys_vals`.
    static func denseBlock(
        ids: [Int64], lats: [Int64], lons: [Int64], keysVals: [UInt64] = [], strings: [String] = [""]
    ) -> [UInt8] {
        primitiveBlock(strings: strings) { group in
            group.message(2) { dense in
                dense.packedDelta(1, ids)
                dense.packedDelta(8, lats)
                dense.packedDelta(9, lons)
                if !keysVals.isEmpty { dense.packed(10, keysVals) }
            }
        }
    }
}
