/// One attribute, with its value decoded.
public struct XMLAttribute: Sendable, Hashable {
    /// The name as written, prefix included (`xml:lang`).
    public var name: String
    /// The value with references decoded and whitespace normalised as XML 1.0 §3.3.3 says.
    public var value: String

    /// An attribute from its parts.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An event with its data (see ``XMLPullReader/nextEvent()``).
public enum XMLEvent: Sendable, Hashable {
    /// A start tag.
    case startElement(name: String, attributes: [XMLAttribute])
    /// An end tag.
    case endElement(name: String)
    /// Character data.
    case text(String)
}

extension XMLPullReader {
    /// The current element's name, prefix included (start and end events).
    public var name: String { scanner.name }

    /// Whether the current element's name is `name`, without making a string.
    public func nameIs(_ name: StaticString) -> Bool { scanner.nameIs(name) }

    /// The number of attributes of the current start tag.
    public var attributeCount: Int { scanner.slots.count }

    /// The name of attribute `index` (0-based, in document order).
    public func attributeName(at index: Int) -> String { scanner.attributeName(at: index) }

    /// The decoded value of attribute `index` (0-based, in document order).
    public func attributeValue(at index: Int) -> String { scanner.attributeValue(at: index) }

    /// The decoded value of the attribute called `name`, or `nil`.
    public func attributeValue(named name: StaticString) -> String? {
        scanner.attributeIndex(named: name).map { scanner.attributeValue(at: $0) }
    }

    /// The decoded value bytes of the attribute called `name` passed to `body` (valid only inside
    /// it), or `nil` when the attribute is absent.
    public func withAttributeValue<Result>(
        named name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        guard let index = scanner.attributeIndex(named: name) else { return nil }
        let slot = scanner.slots[index]
        return try scanner.scratch.withUnsafeBufferPointer { buffer in
            try body(
                UnsafeBufferPointer(rebasing: buffer[slot.valueStart..<slot.valueStart + slot.valueCount]))
        }
    }

    /// The index of the attribute called `name`, or `nil`.
    public func attributeIndex(named name: StaticString) -> Int? { scanner.attributeIndex(named: name) }

    /// Every attribute of the current start tag, in document order.
    public var attributes: [XMLAttribute] {
        (0..<scanner.slots.count).map {
            XMLAttribute(name: scanner.attributeName(at: $0), value: scanner.attributeValue(at: $0))
        }
    }

    /// The current text event's characters.
    public var text: String { String(decoding: scanner.scratch, as: UTF8.self) }

    /// Where the current event starts.
    ///
    /// - Complexity: amortised O(1) per event when called for successive events.
    public var position: XMLPosition { scanner.eventPosition() }
}

extension XMLScanner {
    /// The current element's name.
    var name: String {
        String(decoding: UnsafeBufferPointer(start: storage + nameStart, count: nameCount), as: UTF8.self)
    }

    /// Whether the current element's name is `name`.
    func nameIs(_ name: StaticString) -> Bool {
        nameCount == name.utf8CodeUnitCount && memoryEqual(storage + nameStart, name.utf8Start, nameCount)
    }

    /// The name of attribute `index`.
    func attributeName(at index: Int) -> String {
        let slot = slots[index]
        return String(
            decoding: UnsafeBufferPointer(start: storage + slot.nameStart, count: slot.nameCount),
            as: UTF8.self)
    }

    /// The decoded value of attribute `index`.
    func attributeValue(at index: Int) -> String {
        let slot = slots[index]
        return String(decoding: scratch[slot.valueStart..<slot.valueStart + slot.valueCount], as: UTF8.self)
    }

    /// The index of the attribute called `name`, or `nil`.
    func attributeIndex(named name: StaticString) -> Int? {
        let length = name.utf8CodeUnitCount
        for index in slots.indices {
            let slot = slots[index]
            if slot.nameCount == length && memoryEqual(storage + slot.nameStart, name.utf8Start, length) {
                return index
            }
        }
        return nil
    }

    /// The current event's position, remembered so the next event's is counted on from it.
    mutating func eventPosition() -> XMLPosition {
        mark = lineMark(at: eventStart)
        return XMLPosition(line: mark.line, column: mark.column, offset: base + eventStart)
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index < count {
        if a[index] != b[index] { return false }
        index += 1
    }
    return true
}
