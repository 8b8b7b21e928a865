import Foundation
import Testing
import XMLPull

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// XMLPull against an independent parser (Foundation's libxml2-based `XMLParser`, used here only as
/// a test oracle) on real OSM XML: the same elements, attributes and text, in the same order.
@Suite("XMLPull agrees with Foundation's XMLParser on real OSM XML")
struct XMLPullFoundationComparisonTests {
    /// One event, with attributes as a dictionary (XMLParser does not keep their order) and text
    /// runs merged (XMLParser may split them).
    enum Event: Equatable {
        case start(String, [String: String])
        case end(String)
        case text(String)
    }

    @Test("the real extract fixture gives the same event stream")
    func realExtract() throws {
        let url = try #require(
            Bundle.module.url(forResource: "monaco-centre", withExtension: "osm", subdirectory: "Fixtures"))
        let data = try Data(contentsOf: url)
        let pulled = try pullEvents(data)
        let foundation = try #require(foundationEvents(data))
        #expect(pulled.count == foundation.count)
        #expect(pulled.count > 10_000)
        if let first = zip(pulled, foundation).enumerated().first(where: { $0.element.0 != $0.element.1 })?
            .offset
        {
            Issue.record("event \(first) differs: \(pulled[first]) vs \(foundation[first])")
        }
    }

    @Test("hand-made documents with references, CDATA and line ends give the same event stream")
    func constructs() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>\r\n<osm a="x&amp;y &#233;&#x1F600;" b='tab\tnew\r\nline'>\r\n\
            <!-- c --><tag k="&lt;&gt;&quot;&apos;" v="é"/>text &amp; more\r<![CDATA[ <cdata> ]]>\n</osm>
            """
        let data = Data(document.utf8)
        #expect(try pullEvents(data) == foundationEvents(data))
    }

    private func pullEvents(_ data: Data) throws -> [Event] {
        let reader = XMLPullReader(bytes: [UInt8](data))
        var events: [Event] = []
        while let event = try reader.nextEvent() {
            switch event {
            case .startElement(let name, let attributes):
                events.append(
                    .start(name, Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0.value) })))
            case .endElement(let name):
                events.append(.end(name))
            case .text(let text):
                appendText(text, to: &events)
            }
        }
        return events
    }

    private func foundationEvents(_ data: Data) -> [Event]? {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        return parser.parse() ? collector.events : nil
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var events: [Event] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes: [String: String]
        ) {
            events.append(.start(elementName, attributes))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            events.append(.end(elementName))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { appendText(string, to: &events) }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            appendText(String(decoding: CDATABlock, as: UTF8.self), to: &events)
        }
    }
}

/// Appends text, merging it with a text event just before.
private func appendText(_ text: String, to events: inout [XMLPullFoundationComparisonTests.Event]) {
    if case .text(let previous) = events.last {
        events[events.count - 1] = .text(previous + text)
    } else {
        events.append(.text(text))
    }
}
