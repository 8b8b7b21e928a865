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
    ///
    /// - Complexity: O(index − mark.index), eight bytes per step.
    func lineMark(at index: Int) -> LineMark {
        var mark = self.mark
        guard index > mark.index else { return mark }
        let newlines = countBytes(from: mark.index, to: index, masked: 0xFF, equalTo: 0x0A)
        var lineStart = mark.index
        if newlines > 0 {
            var back = index - 1
            while storage[back] != 0x0A { back -= 1 }
            lineStart = back + 1
            mark.column = 1
        }
        // Columns count scalars: every byte but UTF-8 continuation bytes (10xxxxxx).
        let continuations = countBytes(from: lineStart, to: index, masked: 0xC0, equalTo: 0x80)
        mark.column += index - lineStart - continuations
        mark.index = index
        mark.line += newlines
        return mark
    }

    /// The number of bytes `b` in `storage[start..<end]` with `b & mask == value`, eight at a time
    /// (the exact zero-byte count of Hacker's Delight §6-1, no false positives).
    private func countBytes(from start: Int, to end: Int, masked mask: UInt8, equalTo value: UInt8) -> Int {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let masks = UInt64(mask) &* 0x0101_0101_0101_0101
        let values = UInt64(value) &* 0x0101_0101_0101_0101
        var total = 0
        var position = start
        while position + 8 <= end {
            let word = (UnsafeRawPointer(storage + position).loadUnaligned(as: UInt64.self) & masks) ^ values
            total &+= (~(((word & lows) &+ lows) | word | lows)).nonzeroBitCount
            position += 8
        }
        while position < end {
            total &+= storage[position] & mask == value ? 1 : 0
            position += 1
        }
        return total
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
    func scanName(from start: Int, _ context: StaticString) throws(ScanStop) -> Int {
        try need(start, context)
        var index = start
        let first = storage[index]
        if classes[Int(first)] & XMLCharacters.nameStartClass != 0 {
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
            while index < count && classes[Int(storage[index])] & XMLCharacters.nameClass != 0 { index += 1 }
            if index - start > limit { throw failure(.limitExceeded(.nameLength, limit: limit), at: start) }
            try need(index, context)
            guard storage[index] >= 0x80 else { break }
            let (value, length) = try scalar(at: index, context)
            guard XMLCharacters.isName(value) else { break }
            index += length
        }
        return index
    }

    /// The bytes from `start` to `end` as a string (for messages).
    func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: storage + start, count: end - start), as: UTF8.self)
    }
}
