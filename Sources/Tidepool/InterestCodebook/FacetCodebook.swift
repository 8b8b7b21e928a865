import Foundation

/// A small, fixed, versioned set of interest facets: unit centroids over the interest model's
/// (centred) embedding space, shared by the device and the server.
///
/// A presence report carries at most the index of the facet nearest to its sender's interest
/// vector (``nearest(to:)``), never the vector: many people share each index, so it cannot
/// fingerprint anyone the way 384 floats would. The server releases a noisy histogram over the
/// facets per tile, and a heat read compares a viewer with that histogram by post-processing
/// only (``similarity(viewer:mix:)``).
///
/// The ``version`` names the centroids: a release made under one version is never compared with
/// the centroids of another (the tile is then read as count-only).
public struct FacetCodebook: Sendable, Equatable, Codable {
    /// The most facets a codebook may have (the wire index is validated against ``count``).
    public static let maximumCount = 64

    /// Names the centroids (for example the interest model's version and the codebook's).
    public let version: String
    /// The centroids, each of unit L2 norm and of length ``dimension``.
    public let centroids: [[Float]]

    /// Creates a codebook, normalising each centroid to unit length.
    /// - Throws: ``FacetCodebookError`` for an empty version, no centroids or more than
    ///   ``maximumCount``, centroids of different or zero length, or a non-finite or zero
    ///   centroid (naming its index).
    public init(version: String, centroids: [[Float]]) throws(FacetCodebookError) {
        guard !version.isEmpty else { throw .emptyVersion }
        guard !centroids.isEmpty, centroids.count <= Self.maximumCount else {
            throw .badCount(centroids.count, maximum: Self.maximumCount)
        }
        let dimension = centroids[0].count
        var normalised: [[Float]] = []
        normalised.reserveCapacity(centroids.count)
        for (index, centroid) in centroids.enumerated() {
            guard centroid.count == dimension, dimension > 0 else {
                throw .badCentroid(index: index, reason: "length \(centroid.count), expected \(dimension) > 0")
            }
            guard centroid.allSatisfy(\.isFinite) else {
                throw .badCentroid(index: index, reason: "non-finite component")
            }
            let norm = Self.norm(centroid)
            guard norm > 0 else { throw .badCentroid(index: index, reason: "zero vector") }
            normalised.append(centroid.map { Float(Double($0) / norm) })
        }
        self.version = version
        self.centroids = normalised
    }

    private enum CodingKeys: String, CodingKey { case version, centroids }

    /// Decodes `{"version": "...", "centroids": [[...], ...]}`, validated as ``init(version:centroids:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            version: try container.decode(String.self, forKey: .version),
            centroids: try container.decode([[Float]].self, forKey: .centroids))
    }

    /// Number of facets (valid indices are `0..<count`).
    public var count: Int { centroids.count }

    /// Length of the centroids (and of the vectors they are compared with).
    public var dimension: Int { centroids[0].count }

    /// The index of the centroid with the largest cosine to `vector` (the lowest index on a
    /// tie), or nil for a vector of another length, with a non-finite component, or zero.
    /// Runs on the device: the vector never leaves it.
    /// - Complexity: O(count · dimension).
    public func nearest(to vector: [Float]) -> Int? {
        guard vector.count == dimension, vector.allSatisfy(\.isFinite), Self.norm(vector) > 0 else { return nil }
        var best = 0
        var bestDot = -Double.infinity
        for (index, centroid) in centroids.enumerated() {
            let dot = Self.dot(vector, centroid)
            if dot > bestDot {
                best = index
                bestDot = dot
            }
        }
        return best
    }

    /// The cosine between `viewer` and the direction of a tile's facet mix,
    /// `Σ_f max(0, mix_f) · c_f`: negative noisy cells are clamped to 0, then the mix is the
    /// weighted sum of the unit centroids. 0 when the viewer has another length or is zero, the
    /// mix has another length than ``count``, or no cell is positive.
    ///
    /// Post-processing of a released histogram only: the same release and viewer always give
    /// the same answer, and nothing here touches unreleased data.
    /// - Complexity: O(count · dimension).
    public func similarity(viewer: [Float], mix: [Int]) -> Double {
        guard mix.count == count, viewer.count == dimension else { return 0 }
        let viewerNorm = Self.norm(viewer)
        guard viewerNorm > 0 else { return 0 }
        var direction = [Double](repeating: 0, count: dimension)
        var any = false
        for (weight, centroid) in zip(mix, centroids) where weight > 0 {
            any = true
            let scale = Double(weight)
            for index in 0..<dimension { direction[index] += scale * Double(centroid[index]) }
        }
        guard any else { return 0 }
        var dot = 0.0
        var squared = 0.0
        for index in 0..<dimension {
            dot += direction[index] * Double(viewer[index])
            squared += direction[index] * direction[index]
        }
        guard squared > 0 else { return 0 }
        return dot / (squared.squareRoot() * viewerNorm)
    }

    static func norm(_ vector: [Float]) -> Double {
        var sum = 0.0
        for value in vector { sum += Double(value) * Double(value) }
        return sum.squareRoot()
    }

    static func dot(_ a: [Float], _ b: [Float]) -> Double {
        var sum = 0.0
        for index in 0..<min(a.count, b.count) { sum += Double(a[index]) * Double(b[index]) }
        return sum
    }
}
