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
    public var name: String { core.pointee.name }

    /// Whether the current element's name is `name`, without making a string.
    public func nameIs(_ name: StaticString) -> Bool { core.pointee.nameIs(name) }

    /// The number of attributes of the current start tag.
    public var attributeCount: Int { core.pointee.slots.count }

    /// The name of attribute `index` (0-based, in document order).
    public func attributeName(at index: Int) -> String { core.pointee.attributeName(at: index) }

    /// The decoded value of attribute `index` (0-based, in document order).
    public func attributeValue(at index: Int) -> String { core.pointee.attributeValue(at: index) }

    /// The decoded value of the attribute called `name`, or `nil`.
    public func attributeValue(named name: StaticString) -> String? {
        guard let index = core.pointee.attributeIndex(named: name) else { return nil }
        return core.pointee.attributeValue(at: index)
    }

    /// The decoded value bytes of the attribute called `name` passed to `body` (valid only inside
    /// it), or `nil` when the attribute is absent.
    public func withAttributeValue<Result>(
        named name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        guard let index = core.pointee.attributeIndex(named: name) else { return nil }
        let slot = core.pointee.slots[index]
        return try body(core.pointee.scratch.buffer(from: slot.valueStart, count: slot.valueCount))
    }

    /// The index of the attribute called `name`, or `nil`.
    public func attributeIndex(named name: StaticString) -> Int? { core.pointee.attributeIndex(named: name) }

    /// Every attribute of the current start tag, in document order.
    public var attributes: [XMLAttribute] {
        (0..<core.pointee.slots.count).map {
            XMLAttribute(name: core.pointee.attributeName(at: $0), value: core.pointee.attributeValue(at: $0))
        }
    }

    /// The current text event's characters.
    public var text: String {
        String(
            decoding: core.pointee.scratch.buffer(from: 0, count: core.pointee.scratch.count), as: UTF8.self)
    }

    /// Where the current event starts.
    ///
    /// - Complexity: amortised O(1) per event when called for successive events.
    public var position: XMLPosition { core.pointee.eventPosition() }
}

extension XMLScanner {
    // These are `mutating` only so that calls through the reader's pointer borrow the scanner
    // in place; a non-mutating call through `pointee` copies the whole struct first.

    /// The current element's name.
    var name: String {
        mutating get {
            String(decoding: UnsafeBufferPointer(start: storage + nameStart, count: nameCount), as: UTF8.self)
        }
    }

    /// Whether the current element's name is `name`.
    mutating func nameIs(_ name: StaticString) -> Bool {
        nameCount == name.utf8CodeUnitCount && memoryEqual(storage + nameStart, name.utf8Start, nameCount)
    }

    /// The name of attribute `index`.
    mutating func attributeName(at index: Int) -> String {
        let slot = slots[index]
        return String(
            decoding: UnsafeBufferPointer(start: storage + slot.nameStart, count: slot.nameCount),
            as: UTF8.self)
    }

    /// The decoded value of attribute `index`.
    mutating func attributeValue(at index: Int) -> String {
        let slot = slots[index]
        return String(decoding: scratch.buffer(from: slot.valueStart, count: slot.valueCount), as: UTF8.self)
    }

    /// The index of the attribute called `name`, or `nil`.
    mutating func attributeIndex(named name: StaticString) -> Int? {
        let length = name.utf8CodeUnitCount
        for index in 0..<slots.count {
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
