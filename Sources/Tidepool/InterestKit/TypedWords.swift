/// Embeddings of the words people type, made offline by `tools/embed/build_typed_words.py`, so
/// free text that names no tag can still map to the nearest tag without a model at run time.
///
/// Each word's row is centred around the tags' mean (``InterestModel/centre``) and
/// renormalised, so its cosine with a row of ``InterestModel/embeddings`` is the cosine the
/// tool measured. A word maps to its nearest tag only when that cosine reaches ``floor``; below
/// it the canonicaliser keeps answering "unknown". Words are keyed by the canonicaliser's
/// folding (``Canonicalizer/fold(_:)``), so "Whale Watching" and "whale watching" are one word.
public struct TypedWords: Sendable {
    /// The similarity floor (cosine, −1…1) from the card.
    public let floor: Double
    /// The card the files were checked against.
    public let card: TypedWordsCard
    /// Folded word → row.
    let rowOfWord: [String: Int]
    /// Row-major unit rows, `card.words × card.dimensions`, in the centred tag space.
    let vectors: [Float]
    /// The tags and their centred embeddings (the model's).
    let tags: [InterestTag]
    let tagEmbeddings: EmbeddingMatrix

    /// Number of words.
    public var count: Int { rowOfWord.count }

    /// Whether `folded` (slug form: lower case, words joined by `_`) is one of the words.
    public func contains(folded: String) -> Bool { rowOfWord[folded] != nil }

    /// The tags nearest to the folded word, best first, at most `limit`, each with its cosine;
    /// empty when the word is not in the list. The floor is not applied here.
    ///
    /// - Complexity: O(tags × dimensions).
    public func nearestTags(folded: String, limit: Int = 3) -> [(tag: InterestTag, similarity: Double)] {
        guard let row = rowOfWord[folded], limit > 0 else { return [] }
        let cosines = cosines(row: row)
        let order = cosines.indices.sorted { cosines[$0] > cosines[$1] || (cosines[$0] == cosines[$1] && $0 < $1) }
        return order.prefix(limit).map { (tags[$0], Double(cosines[$0])) }
    }

    /// The nearest tag at or above ``floor`` (the best one of `category` when that one reaches the
    /// floor too), or nil.
    public func nearest(folded: String, preferring category: String? = nil) -> (tag: InterestTag, similarity: Double)? {
        guard let row = rowOfWord[folded] else { return nil }
        let cosines = cosines(row: row)
        var best: Int?
        var bestInCategory: Int?
        for (index, cosine) in cosines.enumerated() where Double(cosine) >= floor {
            if best.map({ cosine > cosines[$0] }) ?? true { best = index }
            if let category, tags[index].category == category,
                bestInCategory.map({ cosine > cosines[$0] }) ?? true
            {
                bestInCategory = index
            }
        }
        guard let chosen = bestInCategory ?? best else { return nil }
        return (tags[chosen], Double(cosines[chosen]))
    }

    private func cosines(row: Int) -> [Float] {
        let dimensions = tagEmbeddings.dimensions
        var out = [Float](repeating: 0, count: tagEmbeddings.rows)
        vectors.withUnsafeBufferPointer { words in
            tagEmbeddings.values.withUnsafeBufferPointer { matrix in
                let word = row * dimensions
                for tag in 0..<tagEmbeddings.rows {
                    let start = tag * dimensions
                    var sum: Float = 0
                    for i in 0..<dimensions { sum += words[word + i] * matrix[start + i] }
                    out[tag] = sum
                }
            }
        }
        return out
    }
}
