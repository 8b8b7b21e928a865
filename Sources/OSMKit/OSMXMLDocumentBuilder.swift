import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// SAX callbacks that build an ``OSMXMLDocument``; records the first failure and aborts the parse.
///
/// Used by one ``OSMXMLReader/read()`` call on one thread, never shared.
final class OSMXMLParserDelegate: NSObject, XMLParserDelegate {
    /// The elements parsed so far.
    var document = OSMXMLDocument()
    /// The first error found, with its line and column.
    var failure: OSMError?
    /// Whether an `<osm>` element was seen.
    var sawRoot = false

    /// The element currently open, collecting its children.
    private enum Open {
        case none
        case node(OSMNode)
        case way(OSMWay)
        case relation(OSMRelation)
    }

    private var open = Open.none

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String]
    ) {
        guard failure == nil else { return }
        do throws(OSMError) {
            try start(elementName, attributes, parser)
        } catch {
            fail(error, parser)
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard failure == nil else { return }
        switch (elementName, open) {
        case ("node", .node(let node)):
            document.block.nodes.append(node)
            open = .none
        case ("way", .way(let way)):
            document.block.ways.append(way)
            open = .none
        case ("relation", .relation(let relation)):
            document.block.relations.append(relation)
            open = .none
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = OSMError(
            .xmlSyntax(String(describing: parseError)), line: parser.lineNumber, column: parser.columnNumber)
    }

    /// Records `error` at the parser's position (unless it already has one) and stops parsing.
    private func fail(_ error: OSMError, _ parser: XMLParser) {
        var located = error
        located.line = located.line ?? parser.lineNumber
        located.column = located.column ?? parser.columnNumber
        failure = located
        parser.abortParsing()
    }

    /// Handles an opening tag.
    private func start(_ name: String, _ attributes: [String: String], _ parser: XMLParser) throws(OSMError) {
        let element = XMLAttributes(element: name, values: attributes)
        switch name {
        case "osm":
            sawRoot = true
            if let version = attributes["version"], version != "0.6" {
                throw OSMError(.unsupportedVersion(version))
            }
            document.generator = attributes["generator"]
        case "bounds":
            guard document.bounds == nil else { return }
            document.bounds = OSMBoundingBox(
                minLatitude: try element.latitude("minlat"), minLongitude: try element.longitude("minlon"),
                maxLatitude: try element.latitude("maxlat"), maxLongitude: try element.longitude("maxlon"))
        case "node":
            open = .node(
                OSMNode(
                    id: try element.int64("id"), latitude: try element.latitude("lat"),
                    longitude: try element.longitude("lon")))
        case "way":
            open = .way(OSMWay(id: try element.int64("id"), nodeIDs: []))
        case "relation":
            open = .relation(OSMRelation(id: try element.int64("id"), members: []))
        case "nd":
            guard case .way(var way) = open else { throw OSMError(.xmlSyntax("<nd> outside <way>")) }
            way.nodeIDs.append(try element.int64("ref"))
            open = .way(way)
        case "member":
            guard case .relation(var relation) = open else {
                throw OSMError(.xmlSyntax("<member> outside <relation>"))
            }
            let typeName = try element.string("type")
            guard let type = OSMElementType(xmlName: typeName) else {
                throw OSMError(.invalidAttribute(element: name, attribute: "type", value: typeName))
            }
            relation.members.append(
                OSMMember(type: type, ref: try element.int64("ref"), role: attributes["role"] ?? ""))
            open = .relation(relation)
        case "tag":
            let tag = OSMTag(key: try element.string("k"), value: try element.string("v"))
            switch open {
            case .node(var node):
                node.tags.append(tag)
                open = .node(node)
            case .way(var way):
                way.tags.append(tag)
                open = .way(way)
            case .relation(var relation):
                relation.tags.append(tag)
                open = .relation(relation)
            case .none:
                break
            }
        default:
            break
        }
    }
}

/// Typed access to one element's attributes, with errors naming the element and attribute.
private struct XMLAttributes {
    let element: String
    let values: [String: String]

    /// The attribute's text.
    func string(_ name: String) throws(OSMError) -> String {
        guard let value = values[name] else {
            throw OSMError(.missingAttribute(element: element, attribute: name))
        }
        return value
    }

    /// The attribute as a 64-bit integer.
    func int64(_ name: String) throws(OSMError) -> Int64 {
        let text = try string(name)
        guard let value = Int64(text) else {
            throw OSMError(.invalidAttribute(element: element, attribute: name, value: text))
        }
        return value
    }

    /// The attribute as a latitude in −90...90 degrees.
    func latitude(_ name: String) throws(OSMError) -> Double { try degrees(name, limit: 90) }

    /// The attribute as a longitude in −180...180 degrees.
    func longitude(_ name: String) throws(OSMError) -> Double { try degrees(name, limit: 180) }

    /// A finite decimal number within ±`limit`.
    private func degrees(_ name: String, limit: Double) throws(OSMError) -> Double {
        let text = try string(name)
        guard let value = Double(text), value.isFinite, abs(value) <= limit else {
            throw OSMError(.invalidAttribute(element: element, attribute: name, value: text))
        }
        return value
    }
}
