/// IEEE 754 binary16 ⇄ binary32 conversion on bit patterns (no `Float16` type, which is not
/// available on every platform the package builds for).
enum Float16Bits {
    /// The `Float` value of a binary16 bit pattern (exact: every binary16 value is a binary32 value).
    static func float(_ bits: UInt16) -> Float {
        let sign = UInt32(bits & 0x8000) << 16
        let exponent = UInt32(bits >> 10) & 0x1F
        let mantissa = UInt32(bits & 0x03FF)
        switch exponent {
        case 0:
            // Zero or subnormal: mantissa · 2⁻²⁴.
            let magnitude = Float(mantissa) * 0x1p-24
            return sign == 0 ? magnitude : -magnitude
        case 0x1F:
            return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
        default:
            return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
        }
    }

    /// The binary16 bit pattern nearest to `value` (round to nearest even; overflow → infinity).
    static func bits(_ value: Float) -> UInt16 {
        let x = value.bitPattern
        let sign = UInt16((x >> 16) & 0x8000)
        let exponent = Int((x >> 23) & 0xFF)
        var mantissa = x & 0x7F_FFFF
        if exponent == 0xFF { return sign | 0x7C00 | (mantissa != 0 ? 0x200 : 0) }
        let halfExponent = exponent - 127 + 15
        if halfExponent >= 0x1F { return sign | 0x7C00 }
        if halfExponent <= 0 {
            // Subnormal half (or zero): shift the implicit one in, round to nearest even.
            if halfExponent < -10 { return sign }
            mantissa |= 0x80_0000
            let shift = UInt32(14 - halfExponent)
            var half = mantissa >> shift
            let remainder = mantissa & ((1 << shift) - 1)
            let halfway = UInt32(1) << (shift - 1)
            if remainder > halfway || (remainder == halfway && half & 1 == 1) { half += 1 }
            return sign | UInt16(half)
        }
        var half = UInt32(halfExponent) << 10 | (mantissa >> 13)
        let remainder = mantissa & 0x1FFF
        // Rounding up may carry into the exponent, which is the correct next binary16 value.
        if remainder > 0x1000 || (remainder == 0x1000 && half & 1 == 1) { half += 1 }
        return sign | UInt16(half)
    }
}
