/// The model card written by the offline embedding tool (`tools/embed`) beside its matrix.
///
/// The loader trusts nothing else: the vocabulary, matrix and graph files must hash to these
/// SHA-256 values and the vocabulary file must carry ``vocabularyVersion``.
public struct ModelCard: Sendable, Codable, Equatable {
    /// The embedding model, e.g. `sentence-transformers/all-MiniLM-L6-v2`.
    public var model: String
    /// The pinned package the weights came from.
    public var modelPackage: String
    /// Vector dimensions (384).
    public var dimensions: Int
    /// How the matrix is stored (float16 little-endian, row-major).
    public var quantisation: String
    /// The vocabulary version the rows belong to.
    public var vocabularyVersion: String
    /// Rows of the matrix (= tags of the vocabulary).
    public var rows: Int
    /// SHA-256 (lower-case hex) of the vocabulary file.
    public var vocabularySHA256: String
    /// SHA-256 of the matrix file.
    public var matrixSHA256: String
    /// SHA-256 of the relatedness graph file (absent for evaluation word matrices).
    public var relatedSHA256: String?
    /// The heat-weight calibration (absent for evaluation word matrices).
    public var heatWeight: HeatWeightCalibration?

    enum CodingKeys: String, CodingKey {
        case model, dimensions, quantisation, rows
        case modelPackage = "model_package"
        case vocabularyVersion = "vocabulary_version"
        case vocabularySHA256 = "vocabulary_sha256"
        case matrixSHA256 = "matrix_sha256"
        case relatedSHA256 = "related_sha256"
        case heatWeight = "heat_weight"
    }
}

/// α and β of the heat weight sigmoid(α·s + β) and the data they were fitted on.
public struct HeatWeightCalibration: Sendable, Codable, Equatable {
    /// Slope α.
    public var alpha: Double
    /// Offset β.
    public var beta: Double
    /// Median cosine of random 8-tag profile pairs (mapped to ``randomProfileWeight``).
    public var randomProfileMedianCosine: Double
    /// Median cosine of the hand-written related profile pairs (mapped to ``relatedProfileWeight``).
    public var relatedProfileMedianCosine: Double
    /// The weight a random pair gets (0.3).
    public var randomProfileWeight: Double
    /// The weight a related pair gets (0.9).
    public var relatedProfileWeight: Double

    enum CodingKeys: String, CodingKey {
        case alpha, beta
        case randomProfileMedianCosine = "random_profile_median_cosine"
        case relatedProfileMedianCosine = "related_profile_median_cosine"
        case randomProfileWeight = "random_profile_weight"
        case relatedProfileWeight = "related_profile_weight"
    }
}
