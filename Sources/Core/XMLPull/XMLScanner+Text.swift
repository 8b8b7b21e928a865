extension XMLScanner {
    /// Character data up to the next `<`: reported inside the root, and outside it only whitespace
    /// is allowed (and skipped).
    mutating func scanText() throws(ScanStop) -> XMLEventKind? {
        let start = cursor
        guard state == .content else {
            var index = start
            while index < count || !sourceEnded {
                guard index < count else { throw .needMore }
                let byte = storage[index]
                if byte == UInt8(ascii: "<") { break }
                guard XMLCharacters.isWhitespace(byte) else { throw failure(.textOutsideRoot, at: index) }
                index += 1
            }
            cursor = index
            return nil
        }
        scratch.removeAll()
        slots.removeAll()
        let limit = limits.maximumValueLength
        var index = start
        var run = start
        while true {
            while index < count && classes[Int(storage[index])] & XMLCharacters.plainTextClass != 0 {
                index += 1
            }
            if index == count {
                if !sourceEnded { throw .needMore }
                break
            }
            let byte = storage[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                append(from: run, to: index)
                index = try scanReference(at: index)
                run = index
            } else if byte == UInt8(ascii: ">") {
                if index - start >= 2 && storage[index - 1] == UInt8(ascii: "]")
                    && storage[index - 2] == UInt8(ascii: "]")
                {
                    throw failure(.syntax("']]>' is not allowed in text"), at: index - 2)
                }
                index += 1
            } else if byte == 0x0D {
                append(from: run, to: index)
                scratch.append(0x0A)
                index += 1
                if index == count && !sourceEnded { throw .needMore }
                if index < count && storage[index] == 0x0A { index += 1 }
                run = index
            } else {
                index += try characterLength(at: index, "text")
            }
            if scratch.count + index - run > limit {
                throw failure(.limitExceeded(.valueLength, limit: limit), at: start)
            }
        }
        append(from: run, to: index)
        if scratch.count > limit { throw failure(.limitExceeded(.valueLength, limit: limit), at: start) }
        cursor = index
        eventStart = start
        return .text
    }

    /// An attribute value from after its opening quote; appends the normalised value to
    /// ``scratch`` and returns the index after the closing quote.
    mutating func scanAttributeValue(from start: Int, quote: UInt8) throws(ScanStop) -> Int {
        let valueStart = scratch.count
        let limit = limits.maximumValueLength
        var index = start
        var run = start
        while true {
            while index < count && classes[Int(storage[index])] & XMLCharacters.plainAttributeClass != 0 {
                index += 1
            }
            try need(index, "an attribute value")
            let byte = storage[index]
            switch byte {
            case quote:
                append(from: run, to: index)
                if scratch.count - valueStart > limit {
                    throw failure(.limitExceeded(.valueLength, limit: limit), at: start)
                }
                return index + 1
            case UInt8(ascii: "<"):
                throw failure(.lessThanInAttributeValue, at: index)
            case UInt8(ascii: "&"):
                append(from: run, to: index)
                index = try scanReference(at: index)
                run = index
            case 0x09, 0x0A:
                append(from: run, to: index)
                scratch.append(0x20)
                index += 1
                run = index
            case 0x0D:
                append(from: run, to: index)
                scratch.append(0x20)
                try need(index + 1, "an attribute value")
                index += storage[index + 1] == 0x0A ? 2 : 1
                run = index
            default:
                index += try characterLength(at: index, "an attribute value")
            }
            if scratch.count - valueStart + index - run > limit {
                throw failure(.limitExceeded(.valueLength, limit: limit), at: start)
            }
        }
    }

    /// A character or entity reference at `index` (the `&`); appends what it stands for to
    /// ``scratch`` and returns the index after the `;`.
    mutating func scanReference(at index: Int) throws(ScanStop) -> Int {
        try need(index + 1, "a reference")
        if storage[index + 1] == UInt8(ascii: "#") { return try scanCharacterReference(at: index) }
        let nameEnd = try scanName(from: index + 1, "an entity reference")
        try need(nameEnd, "an entity reference")
        guard storage[nameEnd] == UInt8(ascii: ";") else {
            throw failure(.syntax("entity reference without ';'"), at: index)
        }
        let name = storage + index + 1
        let replacement: UInt8
        switch nameEnd - index - 1 {
        case 2 where memoryEqual(name, "lt", 2): replacement = UInt8(ascii: "<")
        case 2 where memoryEqual(name, "gt", 2): replacement = UInt8(ascii: ">")
        case 3 where memoryEqual(name, "amp", 3): replacement = UInt8(ascii: "&")
        case 4 where memoryEqual(name, "apos", 4): replacement = UInt8(ascii: "'")
        case 4 where memoryEqual(name, "quot", 4): replacement = UInt8(ascii: "\"")
        default: throw failure(.undefinedEntity(string(from: index + 1, to: nameEnd)), at: index)
        }
        scratch.append(replacement)
        return nameEnd + 1
    }

    /// `&#123;` or `&#x7B;`.
    private mutating func scanCharacterReference(at index: Int) throws(ScanStop) -> Int {
        var position = index + 2
        try need(position, "a character reference")
        let hexadecimal = storage[position] == UInt8(ascii: "x")
        if hexadecimal { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while true {
            try need(position, "a character reference")
            let byte = storage[position]
            let digit: UInt32
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digit = UInt32(byte - UInt8(ascii: "0"))
            } else if hexadecimal && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
            {
                digit = UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            value = value * (hexadecimal ? 16 : 10) + digit
            digits += 1
            position += 1
            if value > 0x10FFFF {
                throw failure(.invalidCharacterReference(string(from: index + 1, to: position)), at: index)
            }
            if position - index > limits.maximumNameLength {
                throw failure(.limitExceeded(.nameLength, limit: limits.maximumNameLength), at: index)
            }
        }
        guard digits > 0, storage[position] == UInt8(ascii: ";") else {
            throw failure(.syntax("malformed character reference"), at: index)
        }
        guard XMLCharacters.isCharacter(value) else {
            throw failure(.invalidCharacterReference(string(from: index + 1, to: position)), at: index)
        }
        XMLCharacters.encodeUTF8(value) { scratch.append($0) }
        return position + 1
    }

    /// Copies `storage[start..<end]` to ``scratch``.
    @inline(__always)
    mutating func append(from start: Int, to end: Int) {
        if end > start {
            scratch.append(storage + start, count: end - start)
        }
    }

    /// The XML declaration's pseudo-attributes after `<?xml`: `version`, then optional `encoding`
    /// (UTF-8 or ASCII only) and `standalone`, then `?>`.
    mutating func scanXMLDeclaration(_ start: Int, from nameEnd: Int) throws(ScanStop) {
        var index = nameEnd
        var order = 0
        while true {
            let spaceStart = index
            index = try skipWhitespace(from: index, "the XML declaration")
            if storage[index] == UInt8(ascii: "?") {
                try need(index + 1, "the XML declaration")
                guard storage[index + 1] == UInt8(ascii: ">") else {
                    throw failure(.invalidDeclaration("expected '?>'"), at: index)
                }
                guard order > 0 else { throw failure(.invalidDeclaration("version is missing"), at: start) }
                cursor = index + 2
                return
            }
            guard index > spaceStart else {
                throw failure(.invalidDeclaration("expected whitespace"), at: index)
            }
            let nameStart = index
            let nameEnd = try scanName(from: index, "the XML declaration")
            index = try skipWhitespace(from: nameEnd, "the XML declaration")
            guard storage[index] == UInt8(ascii: "=") else {
                throw failure(.invalidDeclaration("expected '='"), at: index)
            }
            index = try skipWhitespace(from: index + 1, "the XML declaration")
            let quote = storage[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw failure(.invalidDeclaration("expected a quoted value"), at: index)
            }
            let valueStart = index + 1
            index = valueStart
            while true {
                try need(index, "the XML declaration")
                let byte = storage[index]
                if byte == quote { break }
                guard XMLCharacters.isASCIIName(byte) else {
                    throw failure(.invalidDeclaration("unexpected character in a value"), at: index)
                }
                index += 1
            }
            let name = string(from: nameStart, to: nameEnd)
            let value = string(from: valueStart, to: index)
            index += 1
            switch name {
            case "version" where order == 0:
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy(\.isWholeNumber)
                else {
                    throw failure(.invalidDeclaration("unsupported version \(value)"), at: valueStart)
                }
                order = 1
            case "encoding" where order == 1:
                guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) else {
                    throw failure(.unsupportedEncoding(value), at: valueStart)
                }
                order = 2
            case "standalone" where order == 1 || order == 2:
                guard value == "yes" || value == "no" else {
                    throw failure(.invalidDeclaration("standalone must be yes or no"), at: valueStart)
                }
                order = 3
            default:
                throw failure(.invalidDeclaration("unexpected \(name)"), at: nameStart)
            }
        }
    }
}
