import Foundation

extension InterestVector {
    /// The magic bytes of the compact form: `LIV1` (Loci interest vector, format 1).
    static let magic: [UInt8] = Array("LIV1".utf8)

    /// The compact form: `LIV1`, dimensions as UInt16 little-endian, 2 reserved zero bytes, then
    /// one float16 (little-endian) per component. 776 bytes for 384 dimensions.
    public func encoded() -> Data {
        var bytes = Self.magic
        bytes.reserveCapacity(8 + 2 * components.count)
        bytes.append(UInt8(components.count & 0xFF))
        bytes.append(UInt8(components.count >> 8))
        bytes.append(contentsOf: [0, 0])
        for value in components {
            let bits = Float16Bits.bits(value)
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8(bits >> 8))
        }
        return Data(bytes)
    }

    /// Reads the compact form and renormalises it (float16 rounding moves the length slightly).
    ///
    /// - Throws: ``InterestModelError/malformedVector(_:)`` for a wrong magic, a length that does
    ///   not match the header's dimensions, or a component that is not finite.
    public init(encoded data: Data) throws(InterestModelError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<4]) == Self.magic else {
            throw .malformedVector("does not start with LIV1 (\(bytes.count) bytes)")
        }
        let dimensions = Int(bytes[4]) | Int(bytes[5]) << 8
        guard bytes.count == 8 + 2 * dimensions else {
            throw .malformedVector(
                "header says \(dimensions) dimensions, so \(8 + 2 * dimensions) bytes, found \(bytes.count)")
        }
        var values = [Float](repeating: 0, count: dimensions)
        for index in 0..<dimensions {
            let value = Float16Bits.float(UInt16(bytes[8 + 2 * index]) | UInt16(bytes[9 + 2 * index]) << 8)
            guard value.isFinite else { throw .malformedVector("component \(index) is not finite") }
            values[index] = value
        }
        self = InterestVector.normalised(values)
    }
}
