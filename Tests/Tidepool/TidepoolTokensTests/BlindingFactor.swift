import Foundation

/// What an issuer could compute to link an issuance to a redemption: the blinding factor
/// r = blind signature · signature⁻¹ (mod n) (RFC 9474: the blind signature is m^d · r, the
/// token's signature m^d). Two issuances used the same factor exactly when
/// blind₁ · signature₂ ≡ blind₂ · signature₁ (mod n), which needs only products mod n:
/// schoolbook multiplication and shift-subtract reduction on 32-bit limbs (test code, not fast).
enum BlindingFactor {
    /// Whether the two issuances' blinding factors are equal, under the modulus of `publicKeyDER`.
    static func same(
        blind1: Data, signature1: Data, blind2: Data, signature2: Data, publicKeyDER: Data
    ) throws -> Bool {
        let n = limbs(try modulus(publicKeyDER))
        let left = reduce(multiply(limbs(blind1), limbs(signature2)), modulo: n)
        let right = reduce(multiply(limbs(blind2), limbs(signature1)), modulo: n)
        return left == right
    }

    /// `value`^65537 mod the modulus of `publicKeyDER` (the public exponent: a blind signature
    /// raised to it gives back the blinded message, which checks this arithmetic).
    static func publicPower(_ value: Data, publicKeyDER: Data) throws -> [UInt32] {
        let n = limbs(try modulus(publicKeyDER))
        let base = reduce(limbs(value), modulo: n)
        var result = base
        for _ in 0..<16 { result = reduce(multiply(result, result), modulo: n) }
        return reduce(multiply(result, base), modulo: n)
    }

    struct DERError: Error {}

    /// The RSA modulus in a SubjectPublicKeyInfo: SEQUENCE { SEQUENCE alg, BIT STRING { 0,
    /// SEQUENCE { INTEGER n, INTEGER e } } }.
    static func modulus(_ der: Data) throws -> [UInt8] {
        let bytes = [UInt8](der)
        var at = 0
        func header(_ tag: UInt8) throws -> Int {
            guard at < bytes.count, bytes[at] == tag else { throw DERError() }
            at += 1
            var length = Int(bytes[at])
            at += 1
            if length & 0x80 != 0 {
                let count = length & 0x7F
                length = 0
                for _ in 0..<count {
                    length = length << 8 | Int(bytes[at])
                    at += 1
                }
            }
            return length
        }
        _ = try header(0x30)
        at += try header(0x30)  // skip the algorithm
        _ = try header(0x03)
        at += 1  // unused bits
        _ = try header(0x30)
        let length = try header(0x02)
        return Array(bytes[at..<at + length])
    }

    /// Big-endian bytes → little-endian 32-bit limbs.
    static func limbs(_ bytes: some Collection<UInt8>) -> [UInt32] {
        let array = [UInt8](bytes)
        var result = [UInt32](repeating: 0, count: (array.count + 3) / 4)
        for (index, byte) in array.reversed().enumerated() {
            result[index / 4] |= UInt32(byte) << (8 * UInt32(index % 4))
        }
        return trimmed(result)
    }

    static func trimmed(_ value: [UInt32]) -> [UInt32] {
        var value = value
        while value.last == 0 { value.removeLast() }
        return value
    }

    static func multiply(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: a.count + b.count + 1)
        for i in a.indices {
            var carry: UInt64 = 0
            for j in b.indices {
                let t = UInt64(a[i]) * UInt64(b[j]) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            result[i + b.count] = UInt32(truncatingIfNeeded: carry)
        }
        return trimmed(result)
    }

    static func less(_ a: [UInt32], _ b: [UInt32]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for index in a.indices.reversed() where a[index] != b[index] { return a[index] < b[index] }
        return false
    }

    static func subtract(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = a
        var borrow: Int64 = 0
        for index in result.indices {
            var t = Int64(result[index]) - borrow - (index < b.count ? Int64(b[index]) : 0)
            borrow = t < 0 ? 1 : 0
            if t < 0 { t += 1 << 32 }
            result[index] = UInt32(t)
        }
        return trimmed(result)
    }

    /// `value` mod `modulus`, one bit at a time from the top.
    static func reduce(_ value: [UInt32], modulo modulus: [UInt32]) -> [UInt32] {
        var remainder: [UInt32] = []
        for bit in stride(from: value.count * 32 - 1, through: 0, by: -1) {
            // remainder = remainder << 1 | bit
            var carry = (value[bit / 32] >> UInt32(bit % 32)) & 1
            for index in remainder.indices {
                let next = remainder[index] >> 31
                remainder[index] = remainder[index] << 1 | carry
                carry = next
            }
            if carry != 0 { remainder.append(carry) }
            if !less(remainder, modulus) { remainder = subtract(remainder, modulus) }
        }
        return remainder
    }
}
