import Foundation

/// The run-time interest model: vocabulary, tag embeddings, relatedness graph and heat-weight
/// calibration, all made offline by `tools/embed` and verified on load.
///
/// No model runs here: a user vector is a weighted sum of precomputed tag embeddings,
/// normalised (seed: v = normalise(Σ wᵢ · embed(tagᵢ))), and similarity is a cosine.
public struct InterestModel: Sendable {
    /// The vocabulary (row order of ``embeddings``).
    public let vocabulary: InterestVocabulary
    /// One unit row per tag, centred (the vocabulary's mean row removed: ``EmbeddingMatrix/centred()``).
    public let embeddings: EmbeddingMatrix
    /// The mean of the dequantised tag rows, which ``embeddings`` has removed; other vectors
    /// made by the same tool (``TypedWords``) are centred around it to share the tags' space.
    public let centre: [Float]
    /// Related tags with weights.
    public let graph: RelatednessGraph
    /// The card the artefacts were checked against.
    public let card: ModelCard
    /// The heat weight sigmoid(α·s + β) with the card's α and β.
    public let heatWeight: HeatWeight

    /// Identifies the vectors this model makes: model, quantisation, centring and vocabulary
    /// version, e.g. `all-MiniLM-L6-v2/f16-centred/vocab-2026.11.1`. Vectors from different
    /// versions must not be compared.
    public var modelVersion: String {
        let name = card.model.split(separator: "/").last.map(String.init) ?? card.model
        return "\(name)/f16-centred/vocab-\(vocabulary.version)"
    }

    /// Vector dimensions (384).
    public var dimensions: Int { embeddings.dimensions }

    /// Loads and verifies the artefacts in `directory` (`vocabulary.tsv`, `tag-embeddings.f16`,
    /// `related-tags.tsv`, `model-card.json`).
    ///
    /// - Throws: ``InterestModelError`` when a file is missing, its SHA-256 differs from the card,
    ///   the vocabulary version differs from the card's, or a shape is wrong.
    public init(directory: URL) throws(InterestModelError) {
        func read(_ name: String) throws(InterestModelError) -> Data {
            do { return try Data(contentsOf: directory.appendingPathComponent(name)) } catch {
                throw .missingResource("\(name) in \(directory.path)")
            }
        }
        try self.init(
            vocabulary: try read("vocabulary.tsv"), matrix: try read("tag-embeddings.f16"),
            related: try read("related-tags.tsv"), card: try read("model-card.json"))
    }

    /// Loads the artefacts shipped in this module's resources.
    public static func bundled() throws(InterestModelError) -> InterestModel {
        guard
            let directory = Bundle.module.url(
                forResource: "model-card", withExtension: "json", subdirectory: "Resources")?
                .deletingLastPathComponent()
        else { throw .missingResource("model-card.json in the InterestKit bundle") }
        return try InterestModel(directory: directory)
    }

    /// Builds the model from the four files' bytes, verifying each against the card.
    public init(vocabulary: Data, matrix: Data, related: Data, card cardData: Data) throws(InterestModelError)
    {
        let card: ModelCard
        do { card = try JSONDecoder().decode(ModelCard.self, from: cardData) } catch {
            throw .malformedModelCard(String(describing: error))
        }
        let vocabularyHash = EmbeddingMatrix.sha256(vocabulary)
        guard vocabularyHash == card.vocabularySHA256 else {
            throw .checksumMismatch(
                file: "vocabulary.tsv", expected: card.vocabularySHA256, actual: vocabularyHash)
        }
        let words = try InterestVocabulary(text: String(decoding: vocabulary, as: UTF8.self))
        guard words.version == card.vocabularyVersion else {
            throw .vocabularyVersionMismatch(card: card.vocabularyVersion, vocabulary: words.version)
        }
        guard words.tags.count == card.rows else {
            throw .shapeMismatch(
                file: "vocabulary.tsv", detail: "\(words.tags.count) tags, the card says \(card.rows) rows")
        }
        let relatedHash = EmbeddingMatrix.sha256(related)
        guard let expected = card.relatedSHA256, relatedHash == expected else {
            throw .checksumMismatch(
                file: "related-tags.tsv", expected: card.relatedSHA256 ?? "(none)", actual: relatedHash)
        }
        guard let calibration = card.heatWeight else { throw .malformedModelCard("heat_weight is missing") }
        self.card = card
        self.vocabulary = words
        let raw = try EmbeddingMatrix(float16: matrix, card: card)
        self.centre = raw.meanRow()
        self.embeddings = raw.centred(around: centre)
        self.graph = try RelatednessGraph(text: String(decoding: related, as: UTF8.self), vocabulary: words)
        self.heatWeight = HeatWeight(alpha: calibration.alpha, beta: calibration.beta)
    }
}
