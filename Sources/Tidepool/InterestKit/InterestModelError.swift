/// Why the interest model's artefacts or an interest input were refused. Each case says what and where.
public enum InterestModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A resource file is missing from the bundle or the folder given.
    case missingResource(String)
    /// A file's bytes do not hash to the model card's SHA-256.
    case checksumMismatch(file: String, expected: String, actual: String)
    /// The model card names a different vocabulary version than the vocabulary file.
    case vocabularyVersionMismatch(card: String, vocabulary: String)
    /// A file's shape does not match the card (rows, dimensions, byte count).
    case shapeMismatch(file: String, detail: String)
    /// A line of a text artefact could not be read.
    case malformedLine(file: String, line: Int, detail: String)
    /// The model card is not the expected JSON.
    case malformedModelCard(String)
    /// A tag is not in the vocabulary.
    case unknownTag(String)
    /// A weight is NaN or infinite.
    case invalidWeight(tag: String, weight: Double)
    /// An encoded interest vector could not be read.
    case malformedVector(String)

    public var description: String {
        switch self {
        case .missingResource(let name): "interest model: resource \(name) is missing"
        case .checksumMismatch(let file, let expected, let actual):
            "interest model: \(file) has SHA-256 \(actual), the model card says \(expected)"
        case .vocabularyVersionMismatch(let card, let vocabulary):
            "interest model: the model card is for vocabulary \(card) but the vocabulary file is \(vocabulary)"
        case .shapeMismatch(let file, let detail): "interest model: \(file): \(detail)"
        case .malformedLine(let file, let line, let detail): "interest model: \(file) line \(line): \(detail)"
        case .malformedModelCard(let detail): "interest model: model card: \(detail)"
        case .unknownTag(let tag): "interest model: \(tag) is not a tag of the vocabulary"
        case .invalidWeight(let tag, let weight): "interest model: weight \(weight) of \(tag) is not finite"
        case .malformedVector(let detail): "interest vector: \(detail)"
        }
    }
}
