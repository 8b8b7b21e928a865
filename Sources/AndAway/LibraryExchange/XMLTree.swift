import Foundation
import LibraryKit
import XMLPull

/// A small element tree read with `XMLPull` (no DTDs, so no entity expansion; limits on depth,
/// lengths and size), for the KML and GPX importers. Element names are kept as written; a node
/// knows its local name (after any prefix).
final class XMLNode {
    let name: String
    let attributes: [XMLAttribute]
    var children: [XMLNode] = []
    var text = ""
    let line: Int

    /// The name after any `prefix:`.
    let localName: Substring
    /// The prefix, or "" for none.
    let prefix: Substring

    init(name: String, attributes: [XMLAttribute], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        if let colon = name.firstIndex(of: ":") {
            prefix = name[..<colon]
            localName = name[name.index(after: colon)...]
        } else {
            prefix = ""
            localName = name[...]
        }
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The first child with this local name.
    func child(_ local: String) -> XMLNode? { children.first { $0.localName == local } }

    /// The children with this local name.
    func children(_ local: String) -> [XMLNode] { children.filter { $0.localName == local } }

    /// Limits for library files: 64 levels, 64 KiB per text or attribute, the exchange size limit.
    static let limits = XMLLimits(
        maximumDepth: 64, maximumNameLength: 256, maximumAttributeCount: 64, maximumValueLength: 64 << 10,
        maximumTokenLength: 256 << 10, maximumInputLength: LibraryExchange.maximumFileSize)

    /// Most elements in one file (bounds the tree's memory whatever the input).
    static let maximumElementCount = 2_000_000

    /// The root element of `bytes`.
    static func parse(_ bytes: [UInt8]) throws(LibraryError) -> XMLNode {
        let reader = XMLPullReader(bytes: bytes, limits: limits)
        var stack: [XMLNode] = []
        var root: XMLNode?
        var count = 0
        do {
            while let event = try reader.next() {
                switch event {
                case .startElement:
                    count += 1
                    guard count <= maximumElementCount else {
                        throw LibraryError(
                            "more than \(maximumElementCount) elements", at: "\(reader.position)")
                    }
                    let node = XMLNode(
                        name: reader.name, attributes: reader.attributes, line: reader.position.line)
                    if let parent = stack.last { parent.children.append(node) } else { root = node }
                    stack.append(node)
                case .endElement:
                    stack.removeLast()
                case .text:
                    guard let top = stack.last else { continue }
                    top.text += reader.text
                    guard top.text.utf8.count <= limits.maximumValueLength else {
                        throw LibraryError(
                            "text longer than \(limits.maximumValueLength) bytes", at: "\(reader.position)")
                    }
                }
            }
        } catch let error as LibraryError {
            throw error
        } catch let error as XMLError {
            throw LibraryError("not well-formed XML: \(error.kind)", at: "\(error.position)")
        } catch {
            throw LibraryError("\(error)")
        }
        guard let root else { throw LibraryError("no root element") }
        return root
    }
}
