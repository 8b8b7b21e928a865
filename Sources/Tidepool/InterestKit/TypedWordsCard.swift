/// The card `tools/embed/build_typed_words.py` writes beside the typed-word matrix (`typed-words.json`).
public struct TypedWordsCard: Sendable, Codable, Equatable {
    /// Rows of the matrix (= words of `typed-words.tsv`).
    public var words: Int
    /// Dimensions per row (384).
    public var dimensions: Int
    /// The vocabulary version of the tags the words are mapped to.
    public var vocabularyVersion: String
    /// SHA-256 of the tag matrix whose space the words share (the model card's `matrix_sha256`).
    public var tagMatrixSHA256: String
    /// SHA-256 (lower-case hex) of `typed-words.tsv`.
    public var wordsSHA256: String
    /// SHA-256 of `typed-word-embeddings.f16`.
    public var matrixSHA256: String
    /// The cosine below which a typed word maps to nothing ("unknown"), chosen by the tool on the
    /// vocabulary's synonyms (its `floor_rule` and `floor_table`).
    public var floor: Double

    enum CodingKeys: String, CodingKey {
        case words, dimensions, floor
        case vocabularyVersion = "vocabulary_version"
        case tagMatrixSHA256 = "tag_matrix_sha256"
        case wordsSHA256 = "words_sha256"
        case matrixSHA256 = "matrix_sha256"
    }
}
