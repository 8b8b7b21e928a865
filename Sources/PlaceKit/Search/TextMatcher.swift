import Foundation

/// Folding and tolerant word matching for place names.
///
/// A query matches a name word by word: each query word is compared with every name word and
/// keeps its best similarity — 1 for an equal word, 0.9 when the query word begins the name
/// word (typing in progress), and for typos `1 − edits / length` scaled by 0.8 when the
/// optimal-string-alignment distance is within the allowance of Elasticsearch's `AUTO`
/// fuzziness (0 edits up to 3 letters, 1 up to 5, 2 beyond). The last query word may also be a
/// typo'd prefix ("regat" for "regatta").
public enum TextMatcher {
    /// How well a text matched a name.
    public struct Match: Sendable, Hashable {
        /// 0…1 (1 = equal after folding).
        public var similarity: Double
        /// The kind of match, before category and alternative-name considerations.
        public var kind: MatchKind
    }

    /// Lower-case, diacritics removed, punctuation turned into spaces, spaces collapsed.
    /// "Café Regatta!" → "cafe regatta"; "Ä-kauppa" → "a kauppa".
    public static func fold(_ text: String) -> String {
        CategoryRegistry.normalizedQuery(text)
    }

    /// Folded words of a text.
    public static func words(_ text: String) -> [Substring] {
        fold(text).split(separator: " ")
    }

    /// Matches folded query words against a name; nil when some query word matches nothing.
    ///
    /// - Parameters:
    ///   - queryWords: the query, already folded and split (see ``words(_:)``).
    ///   - name: the place name as stored.
    /// - Complexity: O(q · n · L²) for q query words, n name words of length L.
    public static func match(_ queryWords: [Substring], name: String) -> Match? {
        guard !queryWords.isEmpty else { return nil }
        let foldedName = fold(name)
        guard !foldedName.isEmpty else { return nil }
        let joinedQuery = queryWords.joined(separator: " ")
        if foldedName == joinedQuery { return Match(similarity: 1, kind: .exactName) }
        let nameWords = foldedName.split(separator: " ")
        var total = 0.0
        var fuzzy = false
        for (position, word) in queryWords.enumerated() {
            let isLast = position == queryWords.count - 1
            var best = 0.0
            for nameWord in nameWords {
                let score = wordSimilarity(word, nameWord, allowPrefix: true, isLast: isLast)
                best = max(best, score)
                if best == 1 { break }
            }
            guard best > 0 else { return nil }
            if best < 0.9 { fuzzy = true }
            total += best
        }
        // Reward names that say little beyond the query ("Regatta" beats "Regatta Sailing Club
        // Shop"), and keep every partial match clearly below an exact one (at most 0.85).
        let coverage = Double(queryWords.count) / Double(max(queryWords.count, nameWords.count))
        let similarity = (total / Double(queryWords.count)) * (0.7 + 0.15 * coverage)
        return Match(similarity: similarity, kind: fuzzy ? .fuzzyName : .partialName)
    }

    /// Similarity of one query word to one name word, 0…1.
    static func wordSimilarity(_ query: Substring, _ word: Substring, allowPrefix: Bool, isLast: Bool)
        -> Double
    {
        if query == word { return 1 }
        if allowPrefix && word.hasPrefix(query) {
            // Short prefixes say little until the user has typed more.
            return query.count >= 2 || isLast ? 0.9 : 0
        }
        let allowance = editAllowance(query.count)
        guard allowance > 0 else { return 0 }
        let whole = boundedDistance(query, word, limit: allowance)
        var best = whole.map { 1 - Double($0) / Double(max(query.count, word.count)) } ?? 0
        if isLast && word.count > query.count {
            // A typo'd prefix of a longer word: compare with the word's start of the same length.
            let start = word.prefix(query.count)
            if let edits = boundedDistance(query, start, limit: allowance) {
                best = max(best, 1 - Double(edits) / Double(query.count) - 0.05)
            }
        }
        return best > 0 ? 0.8 * best : 0
    }

    /// Edits allowed for a word of this length (Elasticsearch `AUTO`: 0 for 1–3, 1 for 4–5, 2 beyond).
    static func editAllowance(_ length: Int) -> Int {
        length <= 3 ? 0 : (length <= 5 ? 1 : 2)
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions), or nil
    /// when it exceeds `limit`. Works on Unicode scalars of already-folded text.
    static func boundedDistance(_ a: Substring, _ b: Substring, limit: Int) -> Int? {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }
}
