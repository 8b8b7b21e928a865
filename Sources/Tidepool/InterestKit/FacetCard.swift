/// The card `tools/embed/build_facets.py` writes beside the facet centroids (`facets.json`).
///
/// The loader trusts nothing else: the centroid file must hash to ``centroidsSHA256`` and the
/// card must name the tag matrix and model version of the ``InterestModel`` it is loaded for.
public struct FacetCard: Sendable, Codable, Equatable {
    /// The codebook's version, `facets-<k>/<model version>`; reports carry it beside the index.
    public var version: String
    /// The model version the centroids live in (``InterestModel/modelVersion``).
    public var modelVersion: String
    /// SHA-256 of the tag matrix the centroids were clustered from (the model card's `matrix_sha256`).
    public var tagMatrixSHA256: String
    /// Number of facets k (16…32).
    public var facets: Int
    /// Dimensions per centroid (384).
    public var dimensions: Int
    /// SHA-256 (lower-case hex) of `facet-centroids.f32`.
    public var centroidsSHA256: String
    /// A human label per facet: its most central tags, joined by " · ".
    public var labels: [String]
    /// Tags of the vocabulary nearest to each facet.
    public var sizes: [Int]

    enum CodingKeys: String, CodingKey {
        case version, facets, dimensions, labels, sizes
        case modelVersion = "model_version"
        case tagMatrixSHA256 = "tag_matrix_sha256"
        case centroidsSHA256 = "centroids_sha256"
    }
}
