/// Many interest vectors of one dimension (the tile vectors of a release), stored as int8 codes
/// with one scale per vector, for scoring a viewer against all of them.
///
/// Each vector x is kept as q = round(x · 127 / max|x|) and scale = max|x| / 127, so a component
/// is off by at most scale / 2 and a cosine with a unit viewer by at most
/// scale / 2 · Σ|vᵢ| ≤ scale / 2 · √dimensions (≈ 0.02 for 384 dimensions and max|x| = 0.25;
/// typically ten times less, as the errors cancel). A quarter of float32's memory traffic, which is
/// what bounds a 100 000-tile scan.
public struct InterestVectorSet: Sendable {
    /// Dimensions per vector.
    public let dimensions: Int
    /// Row-major int8 codes, `count × dimensions`.
    public private(set) var codes: [Int8]
    /// One scale per vector.
    public private(set) var scales: [Float]

    /// An empty set of `dimensions`-long vectors.
    public init(dimensions: Int) {
        self.dimensions = dimensions
        codes = []
        scales = []
    }

    /// Vectors in the set.
    public var count: Int { scales.count }

    /// Appends a vector (quantised).
    ///
    /// - Throws: ``InterestModelError/shapeMismatch(file:detail:)`` when its length differs.
    public mutating func append(_ vector: InterestVector) throws(InterestModelError) {
        guard vector.components.count == dimensions else {
            throw .shapeMismatch(
                file: "vector set",
                detail: "vector of \(vector.components.count) dimensions, the set holds \(dimensions)")
        }
        let largest = vector.components.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0, largest.isFinite else {
            codes.append(contentsOf: repeatElement(0, count: dimensions))
            scales.append(0)
            return
        }
        let scale = largest / 127
        for value in vector.components { codes.append(Int8(max(-127, min(127, (value / scale).rounded())))) }
        scales.append(scale)
    }

    /// The cosine of `viewer` with every vector (dot products: vectors are unit length), into
    /// `output` (resized to ``count``). A viewer of another dimension scores 0 everywhere.
    ///
    /// The viewer is quantised to int16 (relative error 1/65 534, negligible beside the int8
    /// codes) so each row is an integer dot product, which the compiler vectorises; |sum| ≤
    /// 32 767 · 127 · dimensions stays inside Int32 for up to 516 dimensions.
    ///
    /// - Complexity: O(count × dimensions).
    public func cosines(with viewer: InterestVector, into output: inout [Float]) {
        output = [Float](repeating: 0, count: count)
        guard viewer.components.count == dimensions, dimensions > 0, dimensions <= 516 else { return }
        let largest = viewer.components.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0, largest.isFinite else { return }
        let viewerScale = largest / 32_767
        let quantised = viewer.components.map {
            Int16(max(-32_767, min(32_767, ($0 / viewerScale).rounded())))
        }
        let dimensions = self.dimensions
        quantised.withUnsafeBufferPointer { v in
            codes.withUnsafeBufferPointer { c in
                scales.withUnsafeBufferPointer { s in
                    output.withUnsafeMutableBufferPointer { out in
                        guard let vBase = v.baseAddress, let cBase = c.baseAddress else { return }
                        for row in 0..<out.count {
                            let rowBase = cBase + row * dimensions
                            var sum: Int32 = 0
                            for i in 0..<dimensions { sum &+= Int32(vBase[i]) &* Int32(rowBase[i]) }
                            out[row] = Float(sum) * s[row] * viewerScale
                        }
                    }
                }
            }
        }
    }
}
