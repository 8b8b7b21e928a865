extension XMLScanner {
    /// Makes sure `storage[index]` exists: throws ``ScanStop/needMore`` while the source has more,
    /// and an ``XMLError/Kind/unexpectedEnd(_:)`` naming `context` once it has ended.
    @inline(__always)
    func need(_ index: Int, _ context: StaticString) throws(ScanStop) {
        if index >= count { try ranOut(context) }
    }

    /// The slow half of ``need(_:_:)``.
    func ranOut(_ context: StaticString) throws(ScanStop) -> Never {
        if !sourceEnded { throw .needMore }
        throw failure(.unexpectedEnd("inside \(context)"), at: count)
    }

    /// An error at buffer index `index`.
    func failure(_ kind: XMLError.Kind, at index: Int) -> ScanStop {
        .failed(error(kind, at: index))
    }

    /// An ``XMLError`` at buffer index `index`.
    func error(_ kind: XMLError.Kind, at index: Int) -> XMLError {
        let mark = lineMark(at: index)
        return XMLError(kind, at: XMLPosition(line: mark.line, column: mark.column, offset: base + index))
    }

    /// The line and column of buffer index `index` (at or after ``mark``), counted on from ``mark``.
    func lineMark(at index: Int) -> LineMark {
        var mark = self.mark
        guard index > mark.index else { return mark }
        var newlines = 0
        var position = mark.index
        while position < index {  // branch-free, so the compiler vectorises it
            newlines &+= storage[position] == 0x0A ? 1 : 0
            position += 1
        }
        var lineStart = mark.index
        if newlines > 0 {
            var back = index - 1
            while storage[back] != 0x0A { back -= 1 }
            lineStart = back + 1
            mark.column = 1
        }
        var column = mark.column
        position = lineStart
        while position < index {  // columns count scalars: every byte but UTF-8 continuation bytes
            column &+= storage[position] & 0xC0 != 0x80 ? 1 : 0
            position += 1
        }
        mark.index = index
        mark.line += newlines
        mark.column = column
        return mark
    }

    /// Drops the bytes before `keep` (the start of the token being read) and reads more, at least
    /// as many as are kept so that re-scanning a long token stays linear overall.
    mutating func refill(keepingFrom keep: Int) throws(XMLError) {
        let kept = count - keep
        if kept >= limits.maximumTokenLength {
            throw error(.limitExceeded(.tokenLength, limit: limits.maximumTokenLength), at: keep)
        }
        mark = lineMark(at: keep)
        mark.index -= keep
        if keep > 0 {
            UnsafeMutableRawPointer(storage).copyMemory(from: storage + keep, byteCount: kept)
        }
        base += keep
        count = kept
        cursor -= keep
        eventStart = 0
        let wanted = max(readSize, kept)
        if count + wanted > capacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: count + wanted)
            grown.update(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity = count + wanted
        }
        var received = 0
        while received < wanted {
            let buffer = UnsafeMutableRawBufferPointer(start: storage + count, count: wanted - received)
            let read: Int
            do {
                read = try source.read(into: buffer)
            } catch {
                throw self.error(.io(String(describing: error)), at: count)
            }
            guard read > 0 else {
                sourceEnded = true
                break
            }
            count += read
            received += read
        }
        if limits.maximumInputLength != .max, base + count > limits.maximumInputLength {
            let index = max(cursor, limits.maximumInputLength - base)
            throw error(.limitExceeded(.inputLength, limit: limits.maximumInputLength), at: index)
        }
    }

    /// Decodes the UTF-8 sequence at `index` (a byte ≥ 0x80) and checks it is an XML character.
    ///
    /// - Returns: the scalar and its length in bytes.
    @inline(__always)
    func scalar(at index: Int, _ context: StaticString) throws(ScanStop) -> (value: UInt32, length: Int) {
        let lead = storage[index]
        guard let (length, low, high) = XMLCharacters.sequence(lead: lead) else {
            throw failure(.invalidUTF8, at: index)
        }
        if index + length > count {
            if !sourceEnded { throw .needMore }
            throw failure(.invalidUTF8, at: index)
        }
        let second = storage[index + 1]
        guard second >= low && second <= high else { throw failure(.invalidUTF8, at: index) }
        var value = UInt32(second & 0x3F)
        if length == 2 {
            value |= UInt32(lead & 0x1F) << 6
        } else {
            for offset in 2..<length {
                let next = storage[index + offset]
                guard next & 0xC0 == 0x80 else { throw failure(.invalidUTF8, at: index) }
                value = value << 6 | UInt32(next & 0x3F)
            }
            value |= UInt32(lead & (length == 3 ? 0x0F : 0x07)) << (6 * (length - 1))
        }
        guard value != 0xFFFE && value != 0xFFFF else { throw failure(.invalidCharacter(value), at: index) }
        return (value, length)
    }

    /// Checks one character at `index` (a byte outside printable ASCII) and returns its length.
    @inline(__always)
    func characterLength(at index: Int, _ context: StaticString) throws(ScanStop) -> Int {
        let byte = storage[index]
        if byte < 0x20 {
            guard byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                throw failure(.invalidCharacter(UInt32(byte)), at: index)
            }
            return 1
        }
        if byte < 0x80 { return 1 }
        return try scalar(at: index, context).length
    }

    /// The index after the whitespace starting at `index` (the first non-whitespace byte exists).
    func skipWhitespace(from index: Int, _ context: StaticString) throws(ScanStop) -> Int {
        var index = index
        while true {
            try need(index, context)
            guard XMLCharacters.isWhitespace(storage[index]) else { return index }
            index += 1
        }
    }

    /// Reads a `Name` at `start` and returns the index after it.
    mutating func scanName(from start: Int, _ context: StaticString) throws(ScanStop) -> Int {
        try need(start, context)
        var index = start
        let first = storage[index]
        if XMLCharacters.isASCIINameStart(first) {
            index += 1
        } else if first >= 0x80 {
            let (value, length) = try scalar(at: index, context)
            guard XMLCharacters.isNameStart(value) else {
                throw failure(.syntax("expected a name in \(context)"), at: index)
            }
            index += length
        } else {
            throw failure(.syntax("expected a name in \(context)"), at: index)
        }
        let limit = limits.maximumNameLength
        while true {
            try need(index, context)
            let byte = storage[index]
            if XMLCharacters.isASCIIName(byte) {
                index += 1
            } else if byte >= 0x80 {
                let (value, length) = try scalar(at: index, context)
                guard XMLCharacters.isName(value) else { break }
                index += length
            } else {
                break
            }
            if index - start > limit { throw failure(.limitExceeded(.nameLength, limit: limit), at: start) }
        }
        return index
    }

    /// The bytes from `start` to `end` as a string (for messages).
    func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: storage + start, count: end - start), as: UTF8.self)
    }
}
