import XMLPull

/// Builds an ``OSMXMLDocument`` from the events of an ``XMLPullReader``.
///
/// Used by one ``OSMXMLReader/read()`` call, never shared. Errors it throws carry no position;
/// the reader adds the element's.
struct OSMXMLDocumentBuilder {
    /// The elements read so far.
    var document = OSMXMLDocument()

    /// The element currently open, collecting its children.
    private enum Open {
        case none
        case node(OSMNode)
        case way(OSMWay)
        case relation(OSMRelation)
    }

    private var open = Open.none

    /// Handles the start tag `reader` is on; `depth` 1 is the root, which must be `<osm>`.
    mutating func start(_ reader: XMLPullReader) throws(OSMError) {
        let element = XMLAttributes(reader: reader)
        if reader.depth == 1 {
            guard reader.nameIs("osm") else {
                throw OSMError(.xmlSyntax("document has no <osm> root element"))
            }
            if let version = reader.attributeValue(named: "version"), version != "0.6" {
                throw OSMError(.unsupportedVersion(version))
            }
            document.generator = reader.attributeValue(named: "generator")
        } else if reader.nameIs("node") {
            open = .node(
                OSMNode(
                    id: try element.int64("id"), latitude: try element.latitude("lat"),
                    longitude: try element.longitude("lon")))
        } else if reader.nameIs("tag") {
            let tag = OSMTag(key: try element.string("k"), value: try element.string("v"))
            let current = open
            open = .none  // so the element's arrays are uniquely referenced when appended to
            switch current {
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
        } else if reader.nameIs("nd") {
            guard case .way(var way) = open else { throw OSMError(.xmlSyntax("<nd> outside <way>")) }
            open = .none
            way.nodeIDs.append(try element.int64("ref"))
            open = .way(way)
        } else if reader.nameIs("way") {
            open = .way(OSMWay(id: try element.int64("id"), nodeIDs: []))
        } else if reader.nameIs("relation") {
            open = .relation(OSMRelation(id: try element.int64("id"), members: []))
        } else if reader.nameIs("member") {
            guard case .relation(var relation) = open else {
                throw OSMError(.xmlSyntax("<member> outside <relation>"))
            }
            open = .none
            let typeName = try element.string("type")
            guard let type = OSMElementType(xmlName: typeName) else {
                throw OSMError(.invalidAttribute(element: "member", attribute: "type", value: typeName))
            }
            relation.members.append(
                OSMMember(
                    type: type, ref: try element.int64("ref"),
                    role: reader.attributeValue(named: "role") ?? ""))
            open = .relation(relation)
        } else if reader.nameIs("bounds") {
            guard document.bounds == nil else { return }
            document.bounds = OSMBoundingBox(
                minLatitude: try element.latitude("minlat"), minLongitude: try element.longitude("minlon"),
                maxLatitude: try element.latitude("maxlat"), maxLongitude: try element.longitude("maxlon"))
        }
    }

    /// Handles the end tag `reader` is on: a finished node, way or relation joins the document.
    mutating func end(_ reader: XMLPullReader) {
        switch open {
        case .node(let node) where reader.nameIs("node"):
            document.block.nodes.append(node)
            open = .none
        case .way(let way) where reader.nameIs("way"):
            document.block.ways.append(way)
            open = .none
        case .relation(let relation) where reader.nameIs("relation"):
            document.block.relations.append(relation)
            open = .none
        default:
            break
        }
    }
}

/// Typed access to the current element's attributes, with errors naming the element and attribute.
private struct XMLAttributes {
    let reader: XMLPullReader

    /// The attribute's text.
    func string(_ name: StaticString) throws(OSMError) -> String {
        guard let value = reader.attributeValue(named: name) else {
            throw OSMError(.missingAttribute(element: reader.name, attribute: name.description))
        }
        return value
    }

    /// The attribute as a 64-bit integer.
    func int64(_ name: StaticString) throws(OSMError) -> Int64 {
        let text = try string(name)
        guard let value = Int64(text) else {
            throw OSMError(.invalidAttribute(element: reader.name, attribute: name.description, value: text))
        }
        return value
    }

    /// The attribute as a latitude in −90...90 degrees.
    func latitude(_ name: StaticString) throws(OSMError) -> Double { try degrees(name, limit: 90) }

    /// The attribute as a longitude in −180...180 degrees.
    func longitude(_ name: StaticString) throws(OSMError) -> Double { try degrees(name, limit: 180) }

    /// A finite decimal number within ±`limit`.
    private func degrees(_ name: StaticString, limit: Double) throws(OSMError) -> Double {
        let text = try string(name)
        guard let value = Double(text), value.isFinite, abs(value) <= limit else {
            throw OSMError(.invalidAttribute(element: reader.name, attribute: name.description, value: text))
        }
        return value
    }
}
