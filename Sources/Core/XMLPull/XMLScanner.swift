/// The state and scanning code behind ``XMLPullReader``: a struct, so that its hot loops touch
/// fields without the dynamic exclusivity checks a class's stored properties need.
struct XMLScanner {
    /// The limits this reader enforces.
    let limits: XMLLimits

    /// What the reader is inside of.
    enum State { case prolog, content, epilog, finished }

    /// One attribute of the current start tag: its name in ``storage``, its decoded value in ``scratch``.
    struct AttributeSlot {
        var nameStart: Int
        var nameCount: Int
        var valueStart: Int
        var valueCount: Int
    }

    /// Why a scan stopped early: more bytes are needed (the token is re-scanned after a refill), or
    /// the input is refused.
    enum ScanStop: Error {
        case needMore
        case failed(XMLError)
    }

    /// Line and column of buffer index ``index``.
    struct LineMark {
        var index = 0
        var line = 1
        var column = 1
    }

    /// ``XMLCharacters/classes``, held here so hot loops read it without a global's lazy check.
    let classes = XMLCharacters.classes
    var source: any XMLByteSource
    let readSize: Int
    var sourceEnded = false

    var storage: UnsafeMutablePointer<UInt8>
    var capacity: Int
    /// Bytes in ``storage``.
    var count = 0
    /// The next unread byte in ``storage``.
    var cursor = 0
    /// The input offset of `storage[0]`.
    var base = 0
    /// A known line and column at or before the current token.
    var mark = LineMark()

    var state = State.prolog
    var started = false
    /// The input offset where an XML declaration may stand (after a byte-order mark).
    var declarationOffset = 0
    var failure: XMLError?
    /// Set after an empty-element tag: the next event is its end.
    var pendingEnd = false

    /// The current event and where it starts in ``storage``.
    var current: XMLEventKind?
    var eventStart = 0
    var nameStart = 0
    var nameCount = 0
    var slots = GrowableBuffer<AttributeSlot>(capacity: 16)
    /// Decoded attribute values or text of the current event.
    var scratch = GrowableBuffer<UInt8>(capacity: 1024)

    /// The names of the open elements, concatenated, and where each ends.
    var openNames: [UInt8] = []
    var openNameEnds: [Int] = []

    /// A scanner pulling from `source`, asking it for `readSize` bytes at a time.
    init(source: some XMLByteSource, limits: XMLLimits, readSize: Int) {
        self.source = source
        self.limits = limits
        self.readSize = max(1, readSize)
        self.capacity = self.readSize
        self.storage = .allocate(capacity: capacity)
    }

    /// Frees the buffer; call once, when the owning reader goes away.
    func deallocate() {
        storage.deallocate()
        slots.deallocate()
        scratch.deallocate()
    }

    /// Number of elements open, counting an element whose start was just reported.
    var depth: Int { mutating get { openNameEnds.count + (pendingEnd ? 1 : 0) } }

    /// Reads up to the next event.
    ///
    /// - Returns: the event, or `nil` after the root element has closed and the input has ended.
    /// - Throws: ``XMLError`` for malformed input, a limit, or a failing source.
    mutating func next() throws(XMLError) -> XMLEventKind? {
        if let failure { throw failure }
        if pendingEnd {
            pendingEnd = false
            if openNameEnds.isEmpty { state = .epilog }
            current = .endElement
            return .endElement
        }
        while true {
            let tokenStart = cursor
            do throws(ScanStop) {
                if let event = try scanToken() {
                    current = event
                    return event
                }
                if state == .finished {
                    current = nil
                    return nil
                }
            } catch {
                switch error {
                case .needMore:
                    cursor = tokenStart
                    do throws(XMLError) {
                        try refill(keepingFrom: tokenStart)
                    } catch {
                        failure = error
                        throw error
                    }
                case .failed(let error):
                    failure = error
                    throw error
                }
            }
        }
    }

    /// Reads one construct at ``cursor``; returns its event, or `nil` for one that gives none.
    private mutating func scanToken() throws(ScanStop) -> XMLEventKind? {
        if !started {
            try startDocument()
            return nil
        }
        guard cursor < count else {
            if !sourceEnded { throw .needMore }
            switch state {
            case .prolog: throw failure(.noRootElement, at: cursor)
            case .content: throw failure(.unexpectedEnd("inside <\(openName)>"), at: cursor)
            case .epilog, .finished:
                state = .finished
                return nil
            }
        }
        if storage[cursor] == UInt8(ascii: "<") { return try scanMarkup() }
        return try scanText()
    }

    /// The innermost open element's name.
    var openName: String {
        let start = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
        return String(decoding: openNames[start...], as: UTF8.self)
    }
}
