/// A user's (or a tile's) interest embedding: unit length, or all zeros when nothing is known.
///
/// Stored as `Float`; ``encoded()`` packs it as float16 in 776 bytes for 384 dimensions
/// (8-byte header + 2 bytes per dimension), under the 1.5 KB per-user budget.
public struct InterestVector: Sendable, Hashable {
    /// The components; length is the model's dimensions.
    public let components: [Float]

    /// Wraps components as they are (callers normalise; ``normalised(_:)`` does it for them).
    public init(components: [Float]) { self.components = components }

    /// `values` scaled to unit length; all zeros stays all zeros (no interests known).
    public static func normalised(_ values: [Float]) -> InterestVector {
        var norm: Float = 0
        for value in values { norm += value * value }
        guard norm > 0, norm.isFinite else {
            return InterestVector(components: [Float](repeating: 0, count: values.count))
        }
        let scale = 1 / norm.squareRoot()
        return InterestVector(components: values.map { $0 * scale })
    }

    /// Whether nothing is known (all components zero).
    public var isEmpty: Bool { components.allSatisfy { $0 == 0 } }

    /// Cosine similarity with `other` (the dot product, both being unit length); 0 when either is
    /// empty or the dimensions differ. Range −1…1.
    ///
    /// - Complexity: O(dimensions).
    public func cosine(_ other: InterestVector) -> Double {
        guard components.count == other.components.count else { return 0 }
        return Double(InterestVector.dot(components, other.components))
    }

    /// The dot product of two equally long arrays, in four independent accumulators.
    @inlinable
    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var s0: Float = 0
                var s1: Float = 0
                var s2: Float = 0
                var s3: Float = 0
                var i = 0
                let n = min(x.count, y.count)
                while i + 4 <= n {
                    s0 += x[i] * y[i]
                    s1 += x[i + 1] * y[i + 1]
                    s2 += x[i + 2] * y[i + 2]
                    s3 += x[i + 3] * y[i + 3]
                    i += 4
                }
                while i < n {
                    s0 += x[i] * y[i]
                    i += 1
                }
                return (s0 + s1) + (s2 + s3)
            }
        }
    }
}
