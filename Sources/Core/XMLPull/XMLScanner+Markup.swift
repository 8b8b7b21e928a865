extension XMLScanner {
    /// Reads a byte-order mark, if any, and refuses UTF-16 and UTF-32 input.
    mutating func startDocument() throws(ScanStop) {
        if count - cursor < 4 && !sourceEnded { throw .needMore }
        let available = count - cursor
        let head = (0..<min(4, available)).map { storage[cursor + $0] }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            cursor += 3
        } else if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
            || head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0x3C, 0x00])
            || head.starts(with: [0x00, 0x3C])
        {
            throw failure(.unsupportedEncoding("UTF-16 or UTF-32"), at: cursor)
        }
        declarationOffset = base + cursor
        started = true
    }

    /// Reads the markup starting with the `<` at ``cursor``.
    mutating func scanMarkup() throws(ScanStop) -> XMLEventKind? {
        let start = cursor
        try need(start + 1, "markup")
        switch storage[start + 1] {
        case UInt8(ascii: "/"): return try scanEndTag(start)
        case UInt8(ascii: "!"): return try scanDeclarationMarkup(start)
        case UInt8(ascii: "?"):
            try scanProcessingInstruction(start)
            return nil
        default: return try scanStartTag(start)
        }
    }

    /// A start tag or empty-element tag.
    private mutating func scanStartTag(_ start: Int) throws(ScanStop) -> XMLEventKind {
        if state == .epilog { throw failure(.multipleRoots, at: start) }
        if openNameEnds.count >= limits.maximumDepth {
            throw failure(.limitExceeded(.depth, limit: limits.maximumDepth), at: start)
        }
        let nameEnd = try scanName(from: start + 1, "a start tag")
        slots.removeAll()
        scratch.removeAll()
        var index = nameEnd
        var empty = false
        while true {
            let spaceStart = index
            index = try skipWhitespace(from: index, "a start tag")
            let byte = storage[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                try need(index + 1, "a start tag")
                guard storage[index + 1] == UInt8(ascii: ">") else {
                    throw failure(.syntax("expected '>' after '/' in a start tag"), at: index + 1)
                }
                index += 2
                empty = true
                break
            }
            guard index > spaceStart else {
                throw failure(.syntax("expected whitespace, '>' or '/>' in a start tag"), at: index)
            }
            index = try scanAttribute(from: index)
        }
        cursor = index
        eventStart = start
        nameStart = start + 1
        nameCount = nameEnd - nameStart
        state = .content
        if empty {
            pendingEnd = true
        } else {
            openNames.append(contentsOf: UnsafeBufferPointer(start: storage + nameStart, count: nameCount))
            openNameEnds.append(openNames.count)
        }
        return .startElement
    }

    /// One `name="value"` of a start tag; returns the index after the closing quote.
    private mutating func scanAttribute(from start: Int) throws(ScanStop) -> Int {
        let nameEnd = try scanName(from: start, "a start tag")
        var index = try skipWhitespace(from: nameEnd, "an attribute")
        guard storage[index] == UInt8(ascii: "=") else {
            throw failure(
                .syntax("expected '=' after attribute \(string(from: start, to: nameEnd))"), at: index)
        }
        index = try skipWhitespace(from: index + 1, "an attribute")
        let quote = storage[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failure(
                .syntax("expected a quoted value for \(string(from: start, to: nameEnd))"), at: index)
        }
        if slots.count == limits.maximumAttributeCount {
            throw failure(.limitExceeded(.attributeCount, limit: limits.maximumAttributeCount), at: start)
        }
        let nameCount = nameEnd - start
        for slotIndex in 0..<slots.count {
            let slot = slots[slotIndex]
            if slot.nameCount == nameCount
                && memoryEqual(storage + slot.nameStart, storage + start, nameCount)
            {
                throw failure(.duplicateAttribute(string(from: start, to: nameEnd)), at: start)
            }
        }
        let valueStart = scratch.count
        index = try scanAttributeValue(from: index + 1, quote: quote)
        slots.append(
            AttributeSlot(
                nameStart: start, nameCount: nameCount, valueStart: valueStart,
                valueCount: scratch.count - valueStart))
        return index
    }

    /// An end tag, which must close the innermost open element.
    private mutating func scanEndTag(_ start: Int) throws(ScanStop) -> XMLEventKind {
        let nameEnd = try scanName(from: start + 2, "an end tag")
        let index = try skipWhitespace(from: nameEnd, "an end tag")
        guard storage[index] == UInt8(ascii: ">") else {
            throw failure(.syntax("expected '>' to close the end tag"), at: index)
        }
        let length = nameEnd - start - 2
        guard let last = openNameEnds.last else {
            throw failure(
                .syntax("end tag </\(string(from: start + 2, to: nameEnd))> without an open element"),
                at: start)
        }
        let openStart = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
        let matches =
            length == last - openStart
            && openNames.withUnsafeBufferPointer { names in
                memoryEqual(names.baseAddress! + openStart, storage + start + 2, length)
            }
        guard matches else {
            throw failure(
                .mismatchedTag(expected: openName, found: string(from: start + 2, to: nameEnd)), at: start)
        }
        openNames.removeLast(length)
        openNameEnds.removeLast()
        if openNameEnds.isEmpty { state = .epilog }
        cursor = index + 1
        eventStart = start
        nameStart = start + 2
        nameCount = length
        slots.removeAll()
        return .endElement
    }

    /// `<!--`, `<![CDATA[` or (refused) `<!DOCTYPE`.
    private mutating func scanDeclarationMarkup(_ start: Int) throws(ScanStop) -> XMLEventKind? {
        if try matches("<!--", at: start, "a comment") {
            try scanComment(start)
            return nil
        }
        if try matches("<![CDATA[", at: start, "a CDATA section") {
            guard state == .content else { throw failure(.textOutsideRoot, at: start) }
            return try scanCDATA(start)
        }
        if try matches("<!DOCTYPE", at: start, "markup") { throw failure(.doctype, at: start) }
        throw failure(.syntax("unknown markup after '<!'"), at: start)
    }

    /// Whether the bytes at `index` spell `literal` (reading only as far as they agree).
    func matches(_ literal: StaticString, at index: Int, _ context: StaticString) throws(ScanStop) -> Bool {
        let bytes = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            try need(index + offset, context)
            if storage[index + offset] != bytes[offset] { return false }
        }
        return true
    }

    /// A comment, skipped; `--` may only end it.
    private mutating func scanComment(_ start: Int) throws(ScanStop) {
        var index = start + 4
        let limit = limits.maximumValueLength
        while true {
            try need(index, "a comment")
            let byte = storage[index]
            if byte == UInt8(ascii: "-") {
                try need(index + 1, "a comment")
                if storage[index + 1] == UInt8(ascii: "-") {
                    try need(index + 2, "a comment")
                    guard storage[index + 2] == UInt8(ascii: ">") else {
                        throw failure(.syntax("'--' inside a comment"), at: index)
                    }
                    cursor = index + 3
                    return
                }
                index += 1
            } else if byte >= 0x20 && byte < 0x80 {
                index += 1
            } else {
                index += try characterLength(at: index, "a comment")
            }
            if index - start > limit { throw failure(.limitExceeded(.valueLength, limit: limit), at: start) }
        }
    }

    /// A CDATA section, reported as text.
    private mutating func scanCDATA(_ start: Int) throws(ScanStop) -> XMLEventKind {
        scratch.removeAll()
        slots.removeAll()
        let limit = limits.maximumValueLength
        var index = start + 9
        var run = index
        while true {
            try need(index, "a CDATA section")
            let byte = storage[index]
            if byte == UInt8(ascii: "]") {
                if try matches("]]>", at: index, "a CDATA section") {
                    append(from: run, to: index)
                    cursor = index + 3
                    break
                }
                index += 1
            } else if byte == 0x0D {
                append(from: run, to: index)
                scratch.append(0x0A)
                try need(index + 1, "a CDATA section")
                index += storage[index + 1] == 0x0A ? 2 : 1
                run = index
            } else if byte >= 0x20 && byte < 0x80 {
                index += 1
            } else {
                index += try characterLength(at: index, "a CDATA section")
            }
            if scratch.count + index - run > limit {
                throw failure(.limitExceeded(.valueLength, limit: limit), at: start)
            }
        }
        eventStart = start
        return .text
    }

    /// `<?…`: the XML declaration when it stands first, else refused.
    private mutating func scanProcessingInstruction(_ start: Int) throws(ScanStop) {
        try need(start + 2, "a processing instruction")
        let first = storage[start + 2]
        guard XMLCharacters.isASCIINameStart(first) || first >= 0x80 else {
            throw failure(.processingInstruction(target: ""), at: start)
        }
        let targetEnd = try scanName(from: start + 2, "a processing instruction")
        let target = string(from: start + 2, to: targetEnd)
        if target == "xml" && base + start == declarationOffset {
            try scanXMLDeclaration(start, from: targetEnd)
            return
        }
        if target.lowercased() == "xml" {
            throw failure(.invalidDeclaration("it must be the first thing in the input"), at: start)
        }
        throw failure(.processingInstruction(target: target), at: start)
    }
}
