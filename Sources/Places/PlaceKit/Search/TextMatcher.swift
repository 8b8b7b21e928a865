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

    /// The largest ``Match/similarity`` any match has: an exact name's. Every other match is
    /// at most 0.85 (word similarities ≤ 1, times at most 0.7 + 0.15).
    static let maximumSimilarity = 1.0

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
        var matched = 0
        var matchedSignificant = false
        var distance = EditDistance()
        for (position, word) in queryWords.enumerated() {
            let isLast = position == queryWords.count - 1
            let scalars = word.unicodeScalars.map(\.value)  // once per query word, not per name word
            var best = 0.0
            for nameWord in nameWords {
                let score = wordSimilarity(word, scalars, nameWord, isLast: isLast, using: &distance)
                best = max(best, score)
                if best == 1 { break }
            }
            if best > 0 {
                matched += 1
                matchedSignificant = matchedSignificant || word.count >= 3
            }
            if best < 0.9 { fuzzy = true }
            total += best
        }
        return wordMatch(
            total: total, matched: matched, matchedSignificant: matchedSignificant, fuzzy: fuzzy,
            queryWords: queryWords.count, nameWords: nameWords.count)
    }

    /// The partial or fuzzy match from per-word scores: `nil` unless some word (one of ≥ 3
    /// letters among them) matched and at least half the query words did. Rewards names that say
    /// little beyond the query ("Regatta" beats "Regatta Sailing Club Shop") and keeps every
    /// partial match clearly below an exact one (at most 0.85).
    static func wordMatch(
        total: Double, matched: Int, matchedSignificant: Bool, fuzzy: Bool, queryWords: Int, nameWords: Int
    ) -> Match? {
        guard matched > 0, matchedSignificant, 2 * matched >= queryWords else { return nil }
        let coverage = Double(queryWords) / Double(max(queryWords, nameWords))
        let similarity = (total / Double(queryWords)) * (0.7 + 0.15 * coverage)
        return Match(similarity: similarity, kind: fuzzy ? .fuzzyName : .partialName)
    }

    /// Similarity of one query word to one name word, 0…1.
    static func wordSimilarity(
        _ query: Substring, _ q: [UInt32], _ word: Substring, isLast: Bool, using distance: inout EditDistance
    ) -> Double {
        if query == word { return 1 }
        if word.hasPrefix(query) {
            // Short prefixes say little until the user has typed more.
            return query.count >= 2 || isLast ? 0.9 : 0
        }
        let allowance = EditDistance.allowance(forLength: query.count)
        guard allowance > 0 else { return 0 }
        let w = word.unicodeScalars.map(\.value)
        let whole = distance.distance(q, w, limit: allowance)
        var best = whole.map { 1 - Double($0) / Double(max(q.count, w.count)) } ?? 0
        if isLast && w.count > q.count {
            // A typo'd prefix of a longer word: compare with the word's start of the same length.
            if let edits = distance.distance(q, w[0..<q.count], limit: allowance) {
                best = max(best, 1 - Double(edits) / Double(q.count) - 0.05)
            }
        }
        return best > 0 ? 0.8 * best : 0
    }
}
