import Testing
import XMLPull

/// A refusal case: the input, the error kind, and the expected line, column and byte offset
/// (counted by hand).
struct Refusal: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let kind: XMLError.Kind
    let line: Int
    let column: Int
    let offset: Int

    init(_ input: String, _ kind: XMLError.Kind, _ line: Int, _ column: Int, _ offset: Int) {
        self.init(Array(input.utf8), kind, line, column, offset)
    }

    init(_ input: [UInt8], _ kind: XMLError.Kind, _ line: Int, _ column: Int, _ offset: Int) {
        self.input = input
        self.kind = kind
        self.line = line
        self.column = column
        self.offset = offset
    }

    var testDescription: String { "\(kind)" }
}

@Suite("XML pull reader: refusals with their position")
struct XMLPullRefusalTests {
    static let cases: [Refusal] = [
        Refusal("<!DOCTYPE a>\n<a/>", .doctype, 1, 1, 0),
        Refusal("<a>\n<?php x?></a>", .processingInstruction(target: "php"), 2, 1, 4),
        Refusal("<a><?></a>", .processingInstruction(target: ""), 1, 4, 3),
        Refusal(
            " <?xml version=\"1.0\"?><a/>", .invalidDeclaration("it must be the first thing in the input"), 1,
            2, 1),
        Refusal("<?xml?><a/>", .invalidDeclaration("version is missing"), 1, 1, 0),
        Refusal(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", .unsupportedEncoding("ISO-8859-1"), 1, 31,
            30),
        Refusal([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00], .unsupportedEncoding("UTF-16 or UTF-32"), 1, 1, 0),
        Refusal("<a>&nbsp;</a>", .undefinedEntity("nbsp"), 1, 4, 3),
        Refusal("<a b='&foo;'/>", .undefinedEntity("foo"), 1, 7, 6),
        Refusal("<a>&#0;</a>", .invalidCharacterReference("#0"), 1, 4, 3),
        Refusal("<a>&#xD800;</a>", .invalidCharacterReference("#xD800"), 1, 4, 3),
        Refusal("<a>&#x110000;</a>", .invalidCharacterReference("#x110000"), 1, 4, 3),
        Refusal("<a>&amp</a>", .syntax("entity reference without ';'"), 1, 4, 3),
        Refusal([0x3C, 0x61, 0x3E, 0xC3, 0xA9, 0xFF, 0x3C, 0x2F, 0x61, 0x3E], .invalidUTF8, 1, 5, 5),
        Refusal([0x3C, 0x61, 0x3E, 0xED, 0xA0, 0x80, 0x3C, 0x2F, 0x61, 0x3E], .invalidUTF8, 1, 4, 3),
        Refusal([0x3C, 0x61, 0x3E, 0xC3], .invalidUTF8, 1, 4, 3),
        Refusal(
            [0x3C, 0x61, 0x3E, 0xEF, 0xBF, 0xBE, 0x3C, 0x2F, 0x61, 0x3E], .invalidCharacter(0xFFFE), 1, 4, 3),
        Refusal([0x3C, 0x61, 0x3E, 0x01, 0x3C, 0x2F, 0x61, 0x3E], .invalidCharacter(1), 1, 4, 3),
        Refusal(
            [0x3C, 0x61, 0x20, 0x78, 0x3D, 0x27, 0x1B, 0x27, 0x2F, 0x3E], .invalidCharacter(0x1B), 1, 7, 6),
        Refusal("<a>\n  <b></a>", .mismatchedTag(expected: "b", found: "a"), 2, 6, 9),
        Refusal("<a><b>", .unexpectedEnd("inside <b>"), 1, 7, 6),
        Refusal("<a x='1", .unexpectedEnd("inside an attribute value"), 1, 8, 7),
        Refusal("<a><!-- x", .unexpectedEnd("inside a comment"), 1, 10, 9),
        Refusal("<a x='1' x='2'/>", .duplicateAttribute("x"), 1, 10, 9),
        Refusal("<a x='<'/>", .lessThanInAttributeValue, 1, 7, 6),
        Refusal("<a x=1/>", .syntax("expected a quoted value for x"), 1, 6, 5),
        Refusal("<a x='1'y='2'/>", .syntax("expected whitespace, '>' or '/>' in a start tag"), 1, 9, 8),
        Refusal("hi<a/>", .textOutsideRoot, 1, 1, 0),
        Refusal("<a/>\n x", .textOutsideRoot, 2, 2, 6),
        Refusal("<a/>&amp;", .textOutsideRoot, 1, 5, 4),
        Refusal("<![CDATA[x]]><a/>", .textOutsideRoot, 1, 1, 0),
        Refusal("<a/><b/>", .multipleRoots, 1, 5, 4),
        Refusal("", .noRootElement, 1, 1, 0),
        Refusal("<!-- c -->", .noRootElement, 1, 11, 10),
        Refusal("</a>", .syntax("end tag </a> without an open element"), 1, 1, 0),
        Refusal("<a><!-- a -- b --></a>", .syntax("'--' inside a comment"), 1, 11, 10),
        Refusal("<a>x]]>y</a>", .syntax("']]>' is not allowed in text"), 1, 5, 4),
        Refusal("<a><!ELEMENT a></a>", .syntax("unknown markup after '<!'"), 1, 4, 3),
        Refusal("<1a/>", .syntax("expected a name in a start tag"), 1, 2, 1),
    ]

    @Test("refuses bad input with a typed error at the right place, however it is chunked", arguments: cases)
    func refuses(_ refusal: Refusal) {
        for chunkSize in chunkSizes {
            let error = XMLPullTests.refusal(refusal.input, chunkSize: chunkSize)
            #expect(error?.kind == refusal.kind, "chunk size \(chunkSize)")
            #expect(
                error?.position
                    == XMLPosition(line: refusal.line, column: refusal.column, offset: refusal.offset),
                "chunk size \(chunkSize)")
        }
    }

    @Test("refuses the inputs that crashed Foundation's XMLParser (Fuzz/repro)")
    func formerCrashes() {
        #expect(
            refusal([0x3C, 0x6F, 0x3E, 0x3C, 0x6E, 0xDD, 0x2F, 0x3E, 0x3C, 0x2F, 0x6F, 0x3E])?.kind
                == .invalidUTF8)
        #expect(refusal([0x3C, 0x21, 0x2D, 0x2D, 0xDD, 0x2D, 0x2D, 0x3E])?.kind == .invalidUTF8)
        #expect(refusal("<?a?><osm/>")?.kind == .processingInstruction(target: "a"))
        #expect(refusal("<osm><?a?></osm>")?.kind == .processingInstruction(target: "a"))
    }

    @Test("keeps throwing the first error")
    func sticky() {
        let reader = XMLPullReader(bytes: Array("<a><b></a><c/>".utf8))
        var errors: [XMLError] = []
        for _ in 0..<4 {
            do throws(XMLError) {
                _ = try reader.next()
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 2)
        #expect(
            errors.first == errors.last && errors.first?.kind == .mismatchedTag(expected: "b", found: "a"))
    }

    @Test("error descriptions say what and where")
    func descriptions() {
        let error = refusal("<a>\n  <b></a>")
        #expect(error?.description == "line 2, column 6 (byte 9): </a> does not close <b>")
    }
}
