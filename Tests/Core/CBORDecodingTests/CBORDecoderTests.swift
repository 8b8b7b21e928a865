import CBORDecoding
import SeededRandom
import Testing

@Suite("CBOR decoder")
struct CBORDecoderTests {
    /// `{"fmt": "x", "n": [1, -2, h'0102'], "big": 4294967296}`, written by hand per RFC 8949.
    static let sample: [UInt8] =
        [0xa3, 0x63] + Array("fmt".utf8) + [0x61] + Array("x".utf8)
        + [0x61] + Array("n".utf8) + [0x83, 0x01, 0x21, 0x42, 0x01, 0x02]
        + [0x63] + Array("big".utf8) + [0x1b, 0, 0, 0, 1, 0, 0, 0, 0]

    func kind(of bytes: [UInt8], limits: CBORDecoder.Limits = .init()) -> CBORDecodingError.Kind? {
        do {
            _ = try CBORDecoder(limits: limits).decode(bytes)
            return nil
        } catch { return error.kind }
    }

    @Test("decodes maps, text, arrays, unsigned and negative integers and byte strings")
    func decodesTheSubset() throws {
        let value = try CBORDecoder().decode(Self.sample)
        #expect(value["fmt"] == .text("x"))
        #expect(value["n"] == .array([.unsigned(1), .negative(1), .bytes([1, 2])]))
        #expect(value["big"] == .unsigned(1 << 32))
        #expect(value["absent"] == nil)
    }

    @Test("refuses indefinite lengths for strings, arrays and maps")
    func refusesIndefiniteLengths() {
        #expect(kind(of: [0x5f, 0x41, 0x00, 0xff]) == .indefiniteLength)
        #expect(kind(of: [0x7f, 0x61, 0x61, 0xff]) == .indefiniteLength)
        #expect(kind(of: [0x9f, 0x01, 0xff]) == .indefiniteLength)
        #expect(kind(of: [0xbf, 0x01, 0x02, 0xff]) == .indefiniteLength)
    }

    @Test("refuses bytes after the item, with the offset of the first")
    func refusesTrailingBytes() throws {
        let error = #expect(throws: CBORDecodingError.self) { try CBORDecoder().decode(Self.sample + [0x00]) }
        #expect(error == CBORDecodingError(.trailingBytes, at: Self.sample.count))
    }

    @Test("refuses tags, floats, simple values and reserved additional information")
    func refusesOtherTypes() {
        #expect(kind(of: [0xc0, 0x61, 0x61]) == .unsupportedMajorType(6))
        #expect(kind(of: [0xf9, 0x3c, 0x00]) == .unsupportedMajorType(7))
        #expect(kind(of: [0xf5]) == .unsupportedMajorType(7))
        #expect(kind(of: [0x1c]) == .reservedAdditionalInformation)
    }

    @Test("refuses lengths and integers not in their shortest form")
    func refusesNonMinimal() {
        #expect(kind(of: [0x18, 0x05]) == .nonMinimalLength)
        #expect(kind(of: [0x59, 0x00, 0x01, 0xaa]) == .nonMinimalLength)
        #expect(kind(of: [0x18, 0x18]) == nil)
    }

    @Test("refuses nesting past the depth limit and accepts it at the limit")
    func limitsDepth() {
        let limits = CBORDecoder.Limits(maximumDepth: 4)
        #expect(kind(of: [0x81, 0x81, 0x81, 0x01], limits: limits) == nil)
        #expect(kind(of: [0x81, 0x81, 0x81, 0x81, 0x01], limits: limits) == .tooDeep)
    }

    @Test("refuses a length beyond the limit or the input before allocating it")
    func limitsLengths() {
        #expect(kind(of: [0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) == .tooLong(.max))
        #expect(kind(of: [0x5a, 0x00, 0x01, 0x00, 0x00]) == .truncated)
        #expect(kind(of: [0x9a, 0x00, 0x01, 0x00, 0x00]) == .tooLong(65_536))
        #expect(kind(of: [0x83, 0x01, 0x02, 0x03], limits: .init(maximumItems: 3)) == .tooManyItems)
    }

    @Test("refuses a repeated map key and text that is not UTF-8")
    func refusesDuplicatesAndBadText() {
        #expect(kind(of: [0xa2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]) == .duplicateKey)
        #expect(kind(of: [0x62, 0xc3, 0x28]) == .invalidUTF8)
    }

    @Test("every truncation of a valid item is refused as truncated")
    func truncationsAreRefused() {
        for length in 0..<Self.sample.count {
            #expect(kind(of: Array(Self.sample.prefix(length))) == .truncated, "prefix of \(length) bytes")
        }
    }

    @Test("random byte changes either decode or throw, never trap", arguments: [1, 2, 3] as [UInt64])
    func mutationsNeverTrap(seed: UInt64) {
        var random = Xoshiro256StarStar(seed: seed)
        for _ in 0..<2_000 {
            var bytes = Self.sample
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = kind(of: bytes)
        }
    }
}
