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
}
