import Foundation

extension TypedWords {
    /// Loads the typed words shipped in this module's resources for `model`.
    ///
    /// - Throws: ``InterestModelError`` as ``init(card:words:matrix:model:)`` does, or
    ///   ``InterestModelError/missingResource(_:)`` when a file is not in the bundle.
    public static func bundled(for model: InterestModel) throws(InterestModelError) -> TypedWords {
        guard
            let directory = Bundle.module.url(
                forResource: "typed-words", withExtension: "json", subdirectory: "Resources")?
                .deletingLastPathComponent()
        else { throw .missingResource("typed-words.json in the InterestKit bundle") }
        func read(_ name: String) throws(InterestModelError) -> Data {
            do { return try Data(contentsOf: directory.appendingPathComponent(name)) } catch {
                throw .missingResource("\(name) in \(directory.path)")
            }
        }
        return try TypedWords(
            card: try read("typed-words.json"), words: try read("typed-words.tsv"),
            matrix: try read("typed-word-embeddings.f16"), model: model)
    }

    /// Builds the typed words from their three files' bytes, verifying them against the card and `model`.
    ///
    /// - Throws: ``InterestModelError/malformedModelCard(_:)`` for a card that is not the expected
    ///   JSON; ``InterestModelError/checksumMismatch(file:expected:actual:)`` when a file does not
    ///   hash to the card's SHA-256 or the card belongs to another tag matrix;
    ///   ``InterestModelError/vocabularyVersionMismatch(card:vocabulary:)``;
    ///   ``InterestModelError/shapeMismatch(file:detail:)`` for a word count, byte count or floor
    ///   that disagrees, or a zero row; ``InterestModelError/malformedLine(file:line:detail:)``
    ///   for a bad header.
    public init(card cardData: Data, words: Data, matrix: Data, model: InterestModel) throws(InterestModelError) {
        let card: TypedWordsCard
        do { card = try JSONDecoder().decode(TypedWordsCard.self, from: cardData) } catch {
            throw .malformedModelCard("typed-words.json: \(error)")
        }
        guard card.tagMatrixSHA256 == model.card.matrixSHA256 else {
            throw .checksumMismatch(
                file: "typed-words.json (tag matrix)", expected: model.card.matrixSHA256,
                actual: card.tagMatrixSHA256)
        }
        guard card.vocabularyVersion == model.vocabulary.version else {
            throw .vocabularyVersionMismatch(card: card.vocabularyVersion, vocabulary: model.vocabulary.version)
        }
        for (file, data, expected) in [
            ("typed-words.tsv", words, card.wordsSHA256), ("typed-word-embeddings.f16", matrix, card.matrixSHA256),
        ] {
            let actual = EmbeddingMatrix.sha256(data)
            guard actual == expected else { throw .checksumMismatch(file: file, expected: expected, actual: actual) }
        }
        let dimensions = model.dimensions
        guard card.dimensions == dimensions, matrix.count == card.words * dimensions * 2,
            (-1...1).contains(card.floor)
        else {
            throw .shapeMismatch(
                file: "typed-word-embeddings.f16",
                detail: "\(matrix.count) bytes for \(card.words) words of \(card.dimensions) float16 (model: \(dimensions)), floor \(card.floor)")
        }
        var lines = String(decoding: words, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first, header.hasPrefix("# loci-typed-words") else {
            throw .malformedLine(file: "typed-words.tsv", line: 1, detail: "expected the header # loci-typed-words…")
        }
        let list = lines.dropFirst()
        guard list.count == card.words else {
            throw .shapeMismatch(file: "typed-words.tsv", detail: "\(list.count) words, the card says \(card.words)")
        }
        var rowOfWord: [String: Int] = [:]
        for (row, word) in list.enumerated() {
            let key = Canonicalizer.fold(String(word))
            if !key.isEmpty, rowOfWord[key] == nil { rowOfWord[key] = row }
        }
        var vectors = [Float](repeating: 0, count: card.words * dimensions)
        matrix.withUnsafeBytes { raw in
            for index in vectors.indices {
                vectors[index] = Float16Bits.float(UInt16(raw[2 * index + 1]) << 8 | UInt16(raw[2 * index]))
            }
        }
        for row in 0..<card.words {
            let range = row * dimensions..<(row + 1) * dimensions
            var norm: Float = 0
            for i in range { norm += vectors[i] * vectors[i] }
            guard norm.isFinite, norm > 0 else {
                throw .shapeMismatch(file: "typed-word-embeddings.f16", detail: "row \(row) is zero or not finite")
            }
            // Unit length, then into the tags' centred space, then unit length again.
            let scale = 1 / norm.squareRoot()
            var centred: Float = 0
            for (offset, i) in range.enumerated() {
                vectors[i] = vectors[i] * scale - model.centre[offset]
                centred += vectors[i] * vectors[i]
            }
            let rescale = centred > 0 ? 1 / centred.squareRoot() : 0
            for i in range { vectors[i] *= rescale }
        }
        self.floor = card.floor
        self.card = card
        self.rowOfWord = rowOfWord
        self.vectors = vectors
        self.tags = model.vocabulary.tags
        self.tagEmbeddings = model.embeddings
    }
}
