/// What ``XMLPullReader/next()`` found.
public enum XMLEventKind: Sendable, Hashable {
    /// A start tag: ``XMLPullReader/name`` and the attributes are set. An empty-element tag
    /// (`<a/>`) gives a start and then an end event.
    case startElement
    /// An end tag: ``XMLPullReader/name`` is set.
    case endElement
    /// Character data inside the root element, with references decoded and line ends normalised to
    /// U+000A: ``XMLPullReader/text``. A CDATA section is a text event of its own, so adjacent text
    /// may come as several events.
    case text
}

/// A strict, non-validating, streaming XML 1.0 pull reader over UTF-8 bytes.
///
/// Call ``next()`` until it returns `nil`; after each event read the current event's name,
/// attributes or text (valid until the next call). Comments and the XML declaration are skipped.
/// Refuses with an ``XMLError`` carrying line, column and byte offset: `<!DOCTYPE` (so no entity
/// expansion), processing instructions, undefined entities, invalid UTF-8 or XML characters,
/// mismatched or unclosed tags, duplicate attributes, `<` in attribute values, text outside or
/// more than one root element, and anything past ``XMLLimits``. After an error every later call
/// throws the same error.
///
/// Streaming: bytes come from an ``XMLByteSource`` in chunks into one buffer that holds at most
/// the construct being read, so memory is bounded by ``XMLLimits`` and not by the input's size.
/// Namespace prefixes are kept as written (`gpx:trk`); no namespace processing is done.
///
/// Follows https://www.w3.org/TR/xml/ (XML 1.0 Fifth Edition) for well-formedness.
///
/// - Complexity: O(n) in the input length.
public final class XMLPullReader {
    /// The scanner, behind a pointer so that each call reaches it without a class property's
    /// dynamic exclusivity check (the reader is used by one thread at a time, never shared).
    let core: UnsafeMutablePointer<XMLScanner>

    /// A reader pulling from `source`, asking it for `readSize` bytes at a time.
    public init(source: some XMLByteSource, limits: XMLLimits = XMLLimits(), readSize: Int = 1 << 16) {
        core = .allocate(capacity: 1)
        core.initialize(to: XMLScanner(source: source, limits: limits, readSize: readSize))
    }

    /// A reader over bytes in memory.
    public convenience init(bytes: [UInt8], limits: XMLLimits = XMLLimits()) {
        self.init(source: XMLBytesSource(bytes, chunkSize: 1 << 16), limits: limits)
    }

    deinit {
        core.pointee.deallocate()
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// The limits this reader enforces.
    public var limits: XMLLimits { core.pointee.limits }

    /// Number of elements open, counting an element whose start was just reported.
    public var depth: Int { core.pointee.depth }

    /// Reads up to the next event.
    ///
    /// - Returns: the event, or `nil` after the root element has closed and the input has ended.
    /// - Throws: ``XMLError`` for malformed input, a limit, or a failing source.
    public func next() throws(XMLError) -> XMLEventKind? { try core.pointee.next() }

    /// The next event with its data, for callers that want values rather than accessors.
    public func nextEvent() throws(XMLError) -> XMLEvent? {
        switch try next() {
        case .startElement: return .startElement(name: name, attributes: attributes)
        case .endElement: return .endElement(name: name)
        case .text: return .text(text)
        case nil: return nil
        }
    }

    /// The buffer's size in bytes (for tests of bounded memory).
    var capacity: Int { core.pointee.capacity }
}
