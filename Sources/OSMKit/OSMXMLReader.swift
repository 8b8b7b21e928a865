import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The contents of an OSM XML file.
///
/// Follows OSM XML 0.6 (https://wiki.openstreetmap.org/wiki/OSM_XML).
public struct OSMXMLDocument: Sendable, Hashable {
    /// The `<osm generator>` attribute, if any.
    public var generator: String?
    /// The first `<bounds>` element, if any.
    public var bounds: OSMBoundingBox?
    /// Every node, way and relation in file order (``OSMBlock/index`` and ``OSMBlock/blobIndex`` are 0).
    public var block: OSMBlock

    /// A document from its parts.
    public init(
        generator: String? = nil, bounds: OSMBoundingBox? = nil,
        block: OSMBlock = OSMBlock(index: 0, blobIndex: 0)
    ) {
        self.generator = generator
        self.bounds = bounds
        self.block = block
    }
}

/// Reads OpenStreetMap XML (`.osm`) files into the same element types as ``PBFReader``.
///
/// Follows OSM XML 0.6 (https://wiki.openstreetmap.org/wiki/OSM_XML): `<node id lat lon>`,
/// `<way id>` with `<nd ref>`, `<relation id>` with `<member type ref role>`, and `<tag k v>` inside
/// any of them. Other elements (`<changeset>`, `<note>`, `<meta>`) are ignored. Errors name the
/// line, column, element and attribute.
///
/// - Complexity: O(file size) time and memory (the whole file is parsed into one ``OSMXMLDocument``).
public struct OSMXMLReader: Sendable {
    private let data: Data?
    private let url: URL?

    /// A reader for the XML file at `url`.
    public init(url: URL) {
        self.url = url
        self.data = nil
    }

    /// A reader for XML bytes in memory.
    public init(data: Data) {
        self.url = nil
        self.data = data
    }

    /// Serialises XMLParser use: libxml2-backed parsing is not reliably thread-safe on every platform.
    private static let parserLock = NSLock()

    /// Parses the whole document.
    ///
    /// - Throws: ``OSMError`` with line and column for malformed XML, missing or invalid attributes,
    ///   an `<osm version>` other than 0.6, or an unreadable file.
    public func read() throws(OSMError) -> OSMXMLDocument {
        let bytes: Data
        if let data {
            bytes = data
        } else if let url {
            do {
                bytes = try Data(contentsOf: url)
            } catch {
                throw OSMError(.io("cannot read \(url.path): \(error.localizedDescription)"))
            }
        } else {
            bytes = Data()
        }
        // Foundation's XMLParser on Linux crashes on two kinds of input, so both are rejected first:
        // invalid UTF-8 in element names, attribute names or comments (it force-unwraps them as
        // UTF-8; libxml2's recover mode passes the bytes through), and a processing instruction
        // without data such as `<?a?>` (libxml2 passes NULL data, which it reads with strlen).
        // OSM XML is UTF-8 by definition and has no processing instructions.
        if let offset = Self.firstInvalidUTF8Offset(bytes) {
            let (line, column) = Self.lineAndColumn(ofByte: offset, in: bytes)
            throw OSMError(.xmlSyntax("invalid UTF-8 at byte \(offset)"), line: line, column: column)
        }
        if let offset = Self.firstProcessingInstructionOffset(bytes) {
            let (line, column) = Self.lineAndColumn(ofByte: offset, in: bytes)
            throw OSMError(.xmlSyntax("unsupported processing instruction at byte \(offset)"), line: line, column: column)
        }
        let delegate = OSMXMLParserDelegate()
        let parser = XMLParser(data: bytes)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        Self.parserLock.lock()
        let succeeded = parser.parse()
        Self.parserLock.unlock()
        if let failure = delegate.failure { throw failure }
        guard succeeded else {
            let detail = parser.parserError.map { String(describing: $0) } ?? "unknown parser error"
            throw OSMError(.xmlSyntax(detail), line: parser.lineNumber, column: parser.columnNumber)
        }
        guard delegate.sawRoot else {
            throw OSMError(
                .xmlSyntax("document has no <osm> root element"), line: parser.lineNumber,
                column: parser.columnNumber)
        }
        return delegate.document
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or `nil`.
    ///
    /// - Complexity: O(n).
    static func firstInvalidUTF8Offset(_ bytes: Data) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var iterator = buffer.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
    }

    /// The offset of the first `<?` other than a leading `<?xml ` declaration (after an optional
    /// byte-order mark), or `nil`. May also flag `<?` inside a comment or CDATA section.
    ///
    /// - Complexity: O(n).
    static func firstProcessingInstructionOffset(_ bytes: Data) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var declaration = -1
            if buffer.count >= start + 6, buffer[start..<(start + 5)].elementsEqual("<?xml".utf8),
               [0x20, 0x09, 0x0A, 0x0D].contains(buffer[start + 5]) {
                declaration = start
            }
            var index = 0
            while index + 1 < buffer.count {
                if buffer[index] == UInt8(ascii: "<"), buffer[index + 1] == UInt8(ascii: "?"), index != declaration {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    /// The 1-based line and column (in bytes) of byte `offset`.
    static func lineAndColumn(ofByte offset: Int, in bytes: Data) -> (line: Int, column: Int) {
        let prefix = bytes.prefix(offset)
        let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lastNewline = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 - bytes.startIndex + 1 } ?? 0
        return (line, offset - lastNewline + 1)
    }
}
