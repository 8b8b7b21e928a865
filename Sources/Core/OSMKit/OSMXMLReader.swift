import Foundation
import XMLPull

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
/// any of them. Other elements (`<changeset>`, `<note>`, `<meta>`) are ignored. The XML itself is
/// read by ``XMLPullReader`` (strict XML 1.0, UTF-8, no DTDs or processing instructions), streamed
/// from the file in 64 KiB reads. Errors name the line, column, byte offset, element and attribute.
///
/// - Complexity: O(file size) time; memory O(elements) for the document, O(1) for the XML itself.
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

    /// Parses the whole document.
    ///
    /// - Throws: ``OSMError`` with line, column and byte offset (``OSMError/fileOffset``) for
    ///   malformed XML, missing or invalid attributes, a root other than `<osm>`, an `<osm version>`
    ///   other than 0.6, or an unreadable file.
    public func read() throws(OSMError) -> OSMXMLDocument {
        let reader: XMLPullReader
        if let url {
            do throws(XMLError) {
                reader = XMLPullReader(source: try XMLFileSource(path: url.path))
            } catch {
                guard case .io(let detail) = error.kind else { throw OSMError(.io(error.description)) }
                throw OSMError(.io(detail))
            }
        } else {
            reader = XMLPullReader(bytes: [UInt8](data ?? Data()))
        }
        var builder = OSMXMLDocumentBuilder()
        var failure: OSMError?
        do throws(XMLError) {
            while failure == nil, let event = try reader.next() {
                switch event {
                case .startElement:
                    do throws(OSMError) {
                        try builder.start(reader)
                    } catch {
                        failure = Self.located(error, at: reader.position)
                    }
                case .endElement:
                    builder.end(reader)
                case .text:
                    break
                }
            }
        } catch {
            if case .io(let detail) = error.kind {
                throw OSMError(.io(detail), fileOffset: error.position.offset)
            }
            throw Self.located(OSMError(.xmlSyntax(error.kind.description)), at: error.position)
        }
        if let failure { throw failure }
        return builder.document
    }

    /// `error` with the line, column and byte offset of `position`.
    private static func located(_ error: OSMError, at position: XMLPosition) -> OSMError {
        var located = error
        located.line = position.line
        located.column = position.column
        located.fileOffset = position.offset
        return located
    }
}
