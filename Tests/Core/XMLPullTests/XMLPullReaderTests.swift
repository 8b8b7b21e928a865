import Foundation
import Testing

@testable import XMLPull

@Suite("XML pull reader: well-formed input")
struct XMLPullReaderTests {
    /// Every construct the reader accepts; line ends are CRLF in places.
    private let document =
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\" standalone='yes'?>\r\n<!-- prolog comment -->\n"
        + "<gpx:root xmlns:gpx=\"http://example.com/g\" a='1' b = \"x&lt;&gt;&amp;&apos;&quot;y\">\r\n"
        + "  <empty/>text &#65;&#x42;&#x1F600; é\r\nline<![CDATA[<raw> & ]]]]>"
        + "<child t=\"a\tb\r\nc\" u='\"'></child >\n</gpx:root >\n<!-- after -->\n"

    private let expected: [XMLEvent] = [
        start("gpx:root", ("xmlns:gpx", "http://example.com/g"), ("a", "1"), ("b", "x<>&'\"y")),
        .text("\n  "),
        start("empty"), end("empty"),
        .text("text AB😀 é\nline"),
        .text("<raw> & ]]"),
        start("child", ("t", "a b c"), ("u", "\"")), end("child"),
        .text("\n"),
        end("gpx:root"),
    ]

    @Test("reads every construct the same way whatever the read chunk size", arguments: chunkSizes)
    func everyConstruct(chunkSize: Int) throws {
        #expect(try events(document, chunkSize: chunkSize) == expected)
    }

    @Test("reports positions: line, column in characters, byte offset")
    func positions() throws {
        let reader = XMLPullReader(bytes: Array("<a>\n  <é x='1'>\n\t<b/>ü</é></a>".utf8))
        var seen: [String] = []
        while let event = try reader.next() {
            let position = reader.position
            seen.append("\(event) \(position.line):\(position.column)@\(position.offset)")
        }
        #expect(
            seen == [
                "startElement 1:1@0", "text 1:4@3", "startElement 2:3@6", "text 2:12@16",
                "startElement 3:2@18", "endElement 3:2@18", "text 3:6@22", "endElement 3:7@24",
                "endElement 3:11@29",
            ])
    }

    @Test("gives names, attributes and text through accessors without building events")
    func accessors() throws {
        let reader = XMLPullReader(bytes: Array("<node id=\"42\" lat='1.5'>x &amp; y</node>".utf8))
        #expect(try reader.next() == .startElement)
        #expect(reader.nameIs("node") && !reader.nameIs("nod") && !reader.nameIs("nodes"))
        #expect(reader.depth == 1)
        #expect(reader.attributeCount == 2)
        #expect(reader.attributeValue(named: "lat") == "1.5")
        #expect(reader.attributeValue(named: "lon") == nil)
        #expect(reader.withAttributeValue(named: "id") { Array($0) } == Array("42".utf8))
        #expect(try reader.next() == .text)
        #expect(reader.text == "x & y")
        #expect(try reader.next() == .endElement)
        #expect(reader.name == "node" && reader.depth == 0)
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    @Test("accepts the XML declaration's variants and a document without one")
    func declarations() throws {
        for prefix in [
            "", "<?xml version='1.0'?>", "<?xml version=\"1.1\" encoding='US-ASCII' ?>\n", "\u{FEFF}",
        ] {
            #expect(try events(prefix + "<a/>") == [start("a"), end("a")], "prefix \(prefix)")
        }
    }

    @Test("reads a file through XMLFileSource and names a missing file")
    func fileSource() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlpull-\(UUID().uuidString).xml")
        try Data("<a><b c='d'/>e</a>".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = XMLPullReader(source: try XMLFileSource(path: url.path), readSize: 3)
        var read: [XMLEvent] = []
        while let event = try reader.nextEvent() { read.append(event) }
        #expect(read == [start("a"), start("b", ("c", "d")), end("b"), .text("e"), end("a")])

        do throws(XMLError) {
            _ = try XMLFileSource(path: url.path + ".missing")
            Issue.record("expected an error")
        } catch {
            guard case .io(let detail) = error.kind else {
                Issue.record("expected io, got \(error)")
                return
            }
            #expect(detail.contains(".missing"))
        }
    }

    @Test("streams a 24 MB document through a buffer that stays small")
    func boundedBuffer() throws {
        let element = Array("<node id=\"1\" lat=\"1.0\" lon=\"2.0\"><tag k=\"a\" v=\"b\"/></node>\n".utf8)
        let copies = 400_000
        let reader = XMLPullReader(
            source: RepeatingSource(
                head: Array("<osm>".utf8), body: element, copies: copies, tail: Array("</osm>".utf8)))
        var starts = 0
        var ends = 0
        var maximumCapacity = 0
        while let event = try reader.next() {
            if event == .startElement { starts += 1 }
            if event == .endElement { ends += 1 }
            maximumCapacity = max(maximumCapacity, reader.capacity)
        }
        #expect(starts == 2 * copies + 1 && ends == starts)
        #expect(maximumCapacity <= 1 << 17)
        #expect(reader.position.offset == 5 + element.count * copies)
    }
}

/// `head`, then `body` `copies` times, then `tail`, generated as read (never all in memory).
private struct RepeatingSource: XMLByteSource {
    let head: [UInt8]
    let body: [UInt8]
    let copies: Int
    let tail: [UInt8]
    private var offset = 0

    init(head: [UInt8], body: [UInt8], copies: Int, tail: [UInt8]) {
        self.head = head
        self.body = body
        self.copies = copies
        self.tail = tail
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let total = head.count + body.count * copies + tail.count
        var written = 0
        while written < buffer.count && offset < total {
            let byte: UInt8
            if offset < head.count {
                byte = head[offset]
            } else if offset < head.count + body.count * copies {
                byte = body[(offset - head.count) % body.count]
            } else {
                byte = tail[offset - head.count - body.count * copies]
            }
            buffer[written] = byte
            written += 1
            offset += 1
        }
        return written
    }
}
