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
    private let queryMasks: [UInt64]
    private var text: [UInt32] = []
    private var words: [Range<Int>] = []
    private var wordMasks: [UInt64] = []
    private var editDistance = EditDistance()

    /// A matcher for folded query words.
    init(words: [String]) {
        query = words.map { $0.unicodeScalars.map(\.value) }.filter { !$0.isEmpty }
        queryMasks = query.map { Self.mask($0[...]) }
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

    /// Whether the text's characters leave enough query words matchable: a word can match only
    /// if the text lacks at most its allowance of the word's characters (the mask bound of
    /// ``editLowerBound(_:_:)``, against the whole text, whose characters include every word's
    /// and every word start's), and ``edits(in:)`` needs half of the words, one of three letters
    /// or more. `false` means ``edits(utf8:)`` would return `nil`; it skips most names of a typo
    /// scan (about two in three in the benchmark's) before decoding them. Bytes of non-ASCII
    /// characters set every bit such characters can have, so the bound stays a bound.
    private func canMatch(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        var characters: UInt64 = 0
        byteBits.withUnsafeBufferPointer { table in
            for byte in bytes { characters |= table[Int(byte)] }
        }
        var possible = 0
        var significant = false
        for (position, word) in query.enumerated()
        where (queryMasks[position] & ~characters).nonzeroBitCount <= EditDistance.allowance(forLength: word.count) {
            possible += 1
            significant = significant || word.count >= 3
        }
        return significant && 2 * possible >= query.count
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
