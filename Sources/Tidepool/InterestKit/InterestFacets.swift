/// The interest-facet codebook: k unit centroids over the vocabulary's centred tag embeddings,
/// so a device can report the index of its nearest facet instead of a vector (issue 20 §1).
///
/// A 384-dimension vector fingerprints a person; a facet index out of 16 says only which broad
/// region of interests (for example "metal", "ball sports", "wine and beer") a profile is nearest.
/// The centroids are spherical k-means clusters made offline by `tools/embed/build_facets.py`
/// in the same centred space as `InterestModel.vector(for:)`, so ``nearest(to:)`` is an
/// argmax of cosines. ``version`` names the codebook and the model together: an index is only
/// meaningful beside the version it was computed with.
public struct InterestFacets: Sendable {
    /// `facets-<k>/<model version>`, e.g. `facets-16/all-MiniLM-L6-v2/f16-centred/vocab-2026.11.1`.
    public let version: String
    /// k unit-length centroids of ``dimensions`` components each.
    public let centroids: [[Float]]
    /// A human label per facet (its most central tags), same order as ``centroids``.
    public let labels: [String]
    /// The card the centroids were checked against.
    public let card: FacetCard

    /// Number of facets k.
    public var count: Int { centroids.count }

    /// Components per centroid (the model's dimensions).
    public var dimensions: Int { card.dimensions }

    /// The index of the centroid with the largest cosine to `vector`, in `0..<count`.
    ///
    /// Ties go to the lower index. An empty vector (nothing known) or one of other dimensions has
    /// no meaningful facet and gets 0: callers that must tell these apart use ``facet(of:)``.
    /// - Complexity: O(count × dimensions).
    public func nearest(to vector: InterestVector) -> Int { facet(of: vector) ?? 0 }

    /// The nearest facet of `vector`, or nil when the vector is empty or has other dimensions
    /// (a profile with no interests reports no facet rather than facet 0).
    public func facet(of vector: InterestVector) -> Int? {
        guard vector.components.count == dimensions, !vector.isEmpty else { return nil }
        var best = 0
        var bestCosine = -Float.infinity
        for (index, centroid) in centroids.enumerated() {
            let cosine = InterestVector.dot(centroid, vector.components)
            if cosine > bestCosine {
                best = index
                bestCosine = cosine
            }
        }
        return best
    }

    /// Cosines of `vector` with every centroid, in facet order (all 0 for an empty vector).
    public func cosines(_ vector: InterestVector) -> [Double] {
        guard vector.components.count == dimensions else { return [Double](repeating: 0, count: count) }
        return centroids.map { Double(InterestVector.dot($0, vector.components)) }
    }
}
