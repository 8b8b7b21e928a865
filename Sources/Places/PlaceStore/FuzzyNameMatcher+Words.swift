extension FuzzyNameMatcher {
    /// Whether a name word (UTF-8 bytes, no spaces; `mask` its ``mask(_:)``) matches one of the
    /// query words of three letters or more as ``edits(in:)`` matches words: as a word prefix,
    /// whole within the word's allowance, or — for the last query word — by its first letters
    /// within the allowance. ``edits(in:)`` keeps a name only if such a word matches, so the
    /// records holding no such word (``PlaceCellWords``) can be skipped without changing any answer.
    ///
    /// Ill-formed bytes become U+FFFD, as in ``edits(utf8:)``.
    mutating func matchesSignificantWord(utf8 bytes: UnsafeRawBufferPointer, mask: UInt64) -> Bool {
        // The one-sided bound of ``canMatch(utf8:)``: every query character the word lacks costs an edit.
        guard query.indices.contains(where: { index in
            query[index].count >= 3 && (queryMasks[index] & ~mask).nonzeroBitCount <= allowances[index]
        }) else { return false }
        wordScalars.removeAll(keepingCapacity: true)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): wordScalars.append(scalar.value)
            case .emptyInput: break decoding
            case .error: wordScalars.append(0xFFFD)
            }
        }
        let word = wordScalars
        for index in query.indices where query[index].count >= 3 {
            let limit = allowances[index]
            let queryWord = query[index]
            guard (queryMasks[index] & ~mask).nonzeroBitCount <= limit else { continue }
            if word.starts(with: queryWord) { return true }
            if editDistance.distance(queryWord, word, limit: limit) != nil { return true }
            if index == query.count - 1, word.count > queryWord.count,
                editDistance.distance(queryWord, word[0..<queryWord.count], limit: limit) != nil
            {
                return true
            }
        }
        return false
    }
}
