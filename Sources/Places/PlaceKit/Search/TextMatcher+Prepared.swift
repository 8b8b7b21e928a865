extension TextMatcher {
    /// Query words prepared once for matching many names (ranking a candidate pool).
    ///
    /// ``match(name:)`` answers exactly what ``TextMatcher/match(_:name:)`` answers. When the
    /// folded query and the name are ASCII — most names, since folding drops diacritics — it folds
    /// the name's bytes into a reused buffer and compares bytes, where the general path makes a
    /// `String` per name and an array per name word; for ASCII text a `Character` is one byte, so
    /// equality, prefixes and lengths are the same either way. Anything else takes the general
    /// path. One value serves one thread.
    struct PreparedQuery {
        /// The folded query words.
        let words: [Substring]
        private let scalars: [[UInt32]]
        private let joined: [UInt32]
        private let isASCII: Bool
        private var name: [UInt32] = []
        private var ranges: [Range<Int>] = []
        private var distance = EditDistance()

        /// Prepares folded query words (see ``TextMatcher/words(_:)``).
        init(_ words: [Substring]) {
            self.words = words
            isASCII = words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            scalars = words.map { $0.utf8.map(UInt32.init) }
            joined = Array(words.joined(separator: " ").utf8.map(UInt32.init))
        }

        /// ``TextMatcher/match(_:name:)`` of the prepared words against `name`.
        mutating func match(name text: String) -> Match? {
            guard !words.isEmpty else { return nil }
            guard isASCII, foldASCII(text) else { return TextMatcher.match(words, name: text) }
            guard !name.isEmpty else { return nil }
            if name == joined { return Match(similarity: 1, kind: .exactName) }
            var total = 0.0
            var fuzzy = false
            var matched = 0
            var matchedSignificant = false
            for (position, word) in scalars.enumerated() {
                let isLast = position == scalars.count - 1
                var best = 0.0
                for range in ranges {
                    best = max(best, similarity(word, name[range], isLast: isLast))
                    if best == 1 { break }
                }
                if best > 0 {
                    matched += 1
                    matchedSignificant = matchedSignificant || word.count >= 3
                }
                if best < 0.9 { fuzzy = true }
                total += best
            }
            return TextMatcher.wordMatch(
                total: total, matched: matched, matchedSignificant: matchedSignificant, fuzzy: fuzzy,
                queryWords: scalars.count, nameWords: ranges.count)
        }

        /// Folds ASCII `text` into ``name`` (words separated by one space) and ``ranges`` (its
        /// words), as ``TextMatcher/fold(_:)`` folds ASCII: letters lower-cased, digits kept,
        /// everything else a separator. `false` (buffers undefined) when `text` is not ASCII.
        private mutating func foldASCII(_ text: String) -> Bool {
            name.removeAll(keepingCapacity: true)
            ranges.removeAll(keepingCapacity: true)
            var start = 0
            var pendingSpace = false
            for byte in text.utf8 {
                guard byte < 0x80 else { return false }
                let folded: UInt8
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded = byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    folded = byte
                default:
                    pendingSpace = !name.isEmpty
                    continue
                }
                if pendingSpace {
                    ranges.append(start..<name.count)
                    name.append(0x20)
                    start = name.count
                    pendingSpace = false
                }
                name.append(UInt32(folded))
            }
            if name.count > start { ranges.append(start..<name.count) }
            return true
        }

        /// ``TextMatcher/wordSimilarity(_:_:_:isLast:using:)`` for ASCII words as scalars.
        private mutating func similarity(_ query: [UInt32], _ word: ArraySlice<UInt32>, isLast: Bool)
            -> Double
        {
            if query.elementsEqual(word) { return 1 }
            if word.starts(with: query) { return query.count >= 2 || isLast ? 0.9 : 0 }
            let allowance = EditDistance.allowance(forLength: query.count)
            guard allowance > 0 else { return 0 }
            let whole = distance.distance(query, word, limit: allowance)
            var best = whole.map { 1 - Double($0) / Double(max(query.count, word.count)) } ?? 0
            if isLast && word.count > query.count {
                let head = word.startIndex..<(word.startIndex + query.count)
                if let edits = distance.distance(query, word[head], limit: allowance) {
                    best = max(best, 1 - Double(edits) / Double(query.count) - 0.05)
                }
            }
            return best > 0 ? 0.8 * best : 0
        }
    }
}
