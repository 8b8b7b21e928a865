import Testing

@testable import InterestKit

@Suite("float16 bit conversion")
struct Float16BitsTests {
    // Reference bit patterns from IEEE 754-2008 binary16 (e.g. the Wikipedia table of examples).
    @Test(
        "known values decode and encode",
        arguments: [
            (UInt16(0x3C00), Float(1)), (0xC000, -2), (0x7BFF, 65_504), (0x0001, 0x1p-24), (0x0400, 0x1p-14),
            (0x3555, 0.333_251_953_125), (0x0000, 0), (0x8000, -0.0),
        ])
    func knownValues(bits: UInt16, value: Float) {
        #expect(Float16Bits.float(bits) == value)
        #expect(Float16Bits.bits(value) == bits)
    }

    @Test("0.1 rounds to 0x2E66 and 65520 overflows to infinity")
    func rounding() {
        #expect(Float16Bits.bits(0.1) == 0x2E66)
        #expect(Float16Bits.bits(65_520) == 0x7C00)
        #expect(Float16Bits.float(0x7C00) == .infinity)
        #expect(Float16Bits.float(0x7E00).isNaN)
    }

    @Test("every finite pattern survives a round trip")
    func roundTrip() {
        for bits in UInt16.min...UInt16.max where bits & 0x7C00 != 0x7C00 {
            #expect(Float16Bits.bits(Float16Bits.float(bits)) == bits, "0x\(String(bits, radix: 16))")
        }
    }
}
