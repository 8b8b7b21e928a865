/// Many interest vectors of one dimension in one flat row-major array (the tile vectors of a
/// release), for scoring a viewer against all of them.
public struct InterestVectorSet: Sendable {
    /// Dimensions per vector.
    public let dimensions: Int
    /// Row-major components, `count × dimensions`.
    public private(set) var values: [Float]

    /// An empty set of `dimensions`-long vectors.
    public init(dimensions: Int) {
        self.dimensions = dimensions
        values = []
    }

    /// Vectors in the set.
    public var count: Int { dimensions > 0 ? values.count / dimensions : 0 }

    /// Appends a vector.
    ///
    /// - Throws: ``InterestModelError/shapeMismatch(file:detail:)`` when its length differs.
    public mutating func append(_ vector: InterestVector) throws(InterestModelError) {
        guard vector.components.count == dimensions else {
            throw .shapeMismatch(file: "vector set", detail: "vector of \(vector.components.count) dimensions, the set holds \(dimensions)")
        }
        values.append(contentsOf: vector.components)
    }

    /// The cosine of `viewer` with every vector (dot products: vectors are unit length), into
    /// `output` (resized to ``count``). A viewer of another dimension scores 0 everywhere.
    ///
    /// - Complexity: O(count × dimensions), 16 lanes at a time.
    public func cosines(with viewer: InterestVector, into output: inout [Float]) {
        output = [Float](repeating: 0, count: count)
        guard viewer.components.count == dimensions, dimensions > 0 else { return }
        let lanes = dimensions / 16 * 16
        viewer.components.withUnsafeBufferPointer { v in
            values.withUnsafeBufferPointer { m in
                output.withUnsafeMutableBufferPointer { out in
                    guard let vBase = v.baseAddress, let mBase = m.baseAddress else { return }
                    let vRaw = UnsafeRawPointer(vBase)
                    for row in 0..<out.count {
                        let rowBase = mBase + row * dimensions
                        let rRaw = UnsafeRawPointer(rowBase)
                        var acc = SIMD16<Float>()
                        var i = 0
                        while i < lanes {
                            let a = vRaw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self)
                            let b = rRaw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self)
                            acc += a * b
                            i += 16
                        }
                        var sum = acc.sum()
                        while i < dimensions {
                            sum += vBase[i] * rowBase[i]
                            i += 1
                        }
                        out[row] = sum
                    }
                }
            }
        }
    }
}
