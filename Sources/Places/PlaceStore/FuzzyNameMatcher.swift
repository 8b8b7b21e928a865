import PlaceKit

/// Typo-tolerant matching of folded query words against folded names, with the same rules as
/// the ranker's `TextMatcher` — `EditDistance.allowance(forLength:)` edits per word, a typo'd
/// prefix for the last word, and at least half of the words (one of three letters or more)
/// matching — so whatever the store offers as a fuzzy candidate the ranker also accepts.
///
/// Works on Unicode scalars of already-folded text (see ``SearchText/fold(_:)``). One matcher
/// serves one query; it reuses its buffers, so it is not shared between threads.
struct FuzzyNameMatcher {
    let query: [[UInt32]]
    let queryMasks: [UInt64]
    /// ``EditDistance/allowance(forLength:)`` of each query word.
    let allowances: [Int]
    /// The query words of three letters or more, as bits (word i → bit i).
    private let significantWords: UInt64
    private var text: [UInt32] = []
    private var words: [Range<Int>] = []
    private var wordMasks: [UInt64] = []
    var editDistance = EditDistance()
    /// The scalars of the word ``matchesSignificantWord(utf8:mask:)`` tests.
    var wordScalars: [UInt32] = []

    /// A matcher for folded query words.
    init(words: [String]) {
        let query = words.map { $0.unicodeScalars.map(\.value) }.filter { !$0.isEmpty }
        self.query = query
        queryMasks = query.map { Self.mask($0[...]) }
        allowances = query.map { EditDistance.allowance(forLength: $0.count) }
        significantWords = query.indices.reduce(0) { bits, index in
            query[index].count >= 3 && index < 64 ? bits | 1 << UInt64(index) : bits
        }
    }

    /// The set of characters in a word as 64 bits (ASCII letters and digits each their own bit,
    /// everything else hashed into the rest). Every edit changes at most one character, so
    /// `(q & ~w).nonzeroBitCount` and `(w & ~q).nonzeroBitCount` are lower bounds on the edit
    /// distance: a cheap test that skips most word pairs before the dynamic programme.
    static func mask(_ word: ArraySlice<UInt32>) -> UInt64 {
        var bits: UInt64 = 0
        for value in word { bits |= bit(value) }
        return bits
    }

    /// The bit of one character in ``mask(_:)``.
    @inline(__always)
    static func bit(_ value: UInt32) -> UInt64 {
        let bit: UInt64 = switch value {
        case 0x61...0x7A: UInt64(value - 0x61)
        case 0x30...0x39: UInt64(26 + value - 0x30)
        default: UInt64(36 + value % 28)
        }
        return 1 << bit
    }

    /// A lower bound on the edits between two words, from their character masks.
    @inline(__always)
    static func editLowerBound(_ a: UInt64, _ b: UInt64) -> Int {
        max((a & ~b).nonzeroBitCount, (b & ~a).nonzeroBitCount)
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
        words.removeAll(keepingCapacity: true)
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
        return scoreSplitText()
    }

    /// ``edits(in:)`` for search text given as UTF-8 bytes (a record of a `place_cells` blob):
    /// the same scalars and the same answer, without making a `String`. Ill-formed bytes become
    /// U+FFFD, as `String(decoding:as:)` would make them.
    mutating func edits(utf8 bytes: UnsafeRawBufferPointer) -> Int? {
        guard !query.isEmpty, canMatch(utf8: bytes) else { return nil }
        text.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        var start = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == " " {
                    if text.count > start { words.append(start..<text.count) }
                    start = text.count
                } else {
                    text.append(scalar.value)
                }
            case .emptyInput: break decoding
            case .error: text.append(0xFFFD)
            }
        }
        if text.count > start { words.append(start..<text.count) }
        return scoreSplitText()
    }

    /// Whether the text's words leave enough query words matchable: a query word can match a
    /// text word (equal, as a prefix, or within its allowance, whole or by the word's start) only
    /// if that word lacks at most the allowance of the query word's characters (`(q & ~w)`, the
    /// one-sided half of ``editLowerBound(_:_:)``, which also bounds a match against the word's
    /// start, whose characters are a subset of the word's), and ``edits(in:)`` needs half of the
    /// words, one of three letters or more. Each text word's character set is taken from the bytes
    /// between spaces (the words ``edits(utf8:)`` splits), so a name whose letters are spread
    /// over several words no longer passes. `false` means ``edits(utf8:)`` would return `nil`;
    /// bytes of non-ASCII characters set every bit such characters can have, so the bound stays a
    /// bound.
    private func canMatch(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        // ``SearchText/words(_:)`` gives at most 8 words; past 64 the word set cannot say.
        guard query.count <= 64 else { return true }
        var reachable: UInt64 = 0
        var word: UInt64 = 0
        byteBits.withUnsafeBufferPointer { table in
            for byte in bytes {
                if byte == 0x20 {
                    if word != 0 { reachable |= reachableQueryWords(word) }
                    word = 0
                } else {
                    word |= table[Int(byte)]
                }
            }
        }
        if word != 0 { reachable |= reachableQueryWords(word) }
        let possible = reachable.nonzeroBitCount
        return reachable & significantWords != 0 && 2 * possible >= query.count
    }

    /// The query words (bit i for word i; at most 64 words) that a text word with character set
    /// `word` may match.
    @inline(__always)
    private func reachableQueryWords(_ word: UInt64) -> UInt64 {
        var reachable: UInt64 = 0
        for index in queryMasks.indices where (queryMasks[index] & ~word).nonzeroBitCount <= allowances[index] {
            reachable |= 1 << UInt64(index)
        }
        return reachable
    }

    /// The bits ``mask(_:)`` gives characters other than ASCII letters and digits (36…63).
    private static let nonASCIIBits: UInt64 = ~((1 << 36) - 1)

    /// What one UTF-8 byte adds to ``canMatch(utf8:)``'s character set: nothing for a space, its
    /// ``bit(_:)`` for other ASCII, ``nonASCIIBits`` for any byte of a longer character.
    private static let utf8ByteBits: [UInt64] = (0..<256).map { byte in
        byte == 0x20 ? 0 : byte < 0x80 ? bit(UInt32(byte)) : nonASCIIBits
    }

    /// ``utf8ByteBits``, held by the matcher so the hot loop reads it without the lazy global's check.
    private let byteBits = Self.utf8ByteBits

    /// The score of ``edits(in:)`` once `text` holds the name's scalars and `words` its word ranges.
    private mutating func scoreSplitText() -> Int? {
        wordMasks.removeAll(keepingCapacity: true)
        for range in words { wordMasks.append(Self.mask(text[range])) }
        var total = 0
        var matched = 0
        var matchedSignificant = false
        for (position, word) in query.enumerated() {
            let isLast = position == query.count - 1
            let limit = EditDistance.allowance(forLength: word.count)
            let queryMask = queryMasks[position]
            var best: Int?
            for (index, range) in words.enumerated() {
                let candidate = text[range]
                if candidate.starts(with: word) {
                    best = 0
                    break
                }
                guard limit > 0 else { continue }
                let bound = best.map { min($0, limit) } ?? limit
                if Self.editLowerBound(queryMask, wordMasks[index]) <= bound,
                    let whole = editDistance.distance(word, text[range], limit: bound)
                {
                    best = min(best ?? whole, whole)
                }
                if isLast, range.count > word.count,
                    Self.editLowerBound(
                        queryMask, Self.mask(text[range.lowerBound..<(range.lowerBound + word.count)]))
                        <= (best.map { min($0, limit) } ?? limit),
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
