import PlaceKit

/// Typo-tolerant matching of folded query words against folded names, with the same rules as
/// the ranker's `TextMatcher` — `EditDistance.allowance(forLength:)` edits per word, a typo'd
/// prefix for the last word, and at least half of the words (one of three letters or more)
/// matching — so whatever the store offers as a fuzzy candidate the ranker also accepts.
///
/// Works on Unicode scalars of already-folded text (see ``SearchText/fold(_:)``). One matcher
/// serves one query; it reuses its buffers, so it is not shared between threads.
struct FuzzyNameMatcher {
    private let query: [[UInt32]]
    private var text: [UInt32] = []
    private var editDistance = EditDistance()

    /// A matcher for folded query words.
    init(words: [String]) {
        query = words.map { $0.unicodeScalars.map(\.value) }.filter { !$0.isEmpty }
    }

    /// Whether any query word is long enough to allow an edit, or the query has several words
    /// (so a partial match is possible); if not, a fuzzy scan can only find what the prefix
    /// search already found.
    var canMatchFuzzily: Bool {
        query.count > 1 || query.contains { EditDistance.allowance(forLength: $0.count) > 0 }
    }

    /// The edits needed for the query to match `searchText`: each matched word costs its edits
    /// (a word prefix costs 0; the last query word may also be a typo'd prefix), each unmatched
    /// word costs one more than the largest allowance. `nil` when fewer than half of the words
    /// match, or none of the matched ones has three letters.
    ///
    /// - Complexity: O(q · n · L · a) for q query words, n name words, length L, allowance a;
    ///   no allocation once the buffers have grown.
    mutating func edits(in searchText: String) -> Int? {
        guard !query.isEmpty else { return nil }
        text.removeAll(keepingCapacity: true)
        var words: [Range<Int>] = []
        var start = 0
        for scalar in searchText.unicodeScalars {
            if scalar == " " {
                if text.count > start { words.append(start..<text.count) }
                start = text.count
            } else {
                text.append(scalar.value)
            }
        }
        if text.count > start { words.append(start..<text.count) }
        var total = 0
        var matched = 0
        var matchedSignificant = false
        for (position, word) in query.enumerated() {
            let isLast = position == query.count - 1
            let limit = EditDistance.allowance(forLength: word.count)
            var best: Int?
            for range in words {
                let candidate = text[range]
                if candidate.starts(with: word) {
                    best = 0
                    break
                }
                guard limit > 0 else { continue }
                let bound = best.map { min($0, limit) } ?? limit
                if let whole = editDistance.distance(word, text[range], limit: bound) {
                    best = min(best ?? whole, whole)
                }
                if isLast, range.count > word.count,
                    let prefix = editDistance.distance(
                        word, text[range.lowerBound..<(range.lowerBound + word.count)],
                        limit: best.map { min($0, limit) } ?? limit)
                {
                    best = min(best ?? prefix, prefix)
                }
            }
            if let best {
                total += best
                matched += 1
                matchedSignificant = matchedSignificant || word.count >= 3
            } else {
                total += 3
            }
        }
        guard matched > 0, matchedSignificant, 2 * matched >= query.count else { return nil }
        return total
    }
}
