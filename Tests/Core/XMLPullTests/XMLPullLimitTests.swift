import Testing
import XMLPull

@Suite("XML pull reader: limits and hostile documents")
struct XMLPullLimitTests {
    @Test("allows exactly the maximum depth and refuses one more", arguments: chunkSizes)
    func depth(chunkSize: Int) {
        let limits = XMLLimits(maximumDepth: 3)
        #expect(refusal("<a><b><c/></b></a>", chunkSize: chunkSize, limits: limits) == nil)
        let error = refusal("<a><b><c><d/></c></b></a>", chunkSize: chunkSize, limits: limits)
        #expect(error?.kind == .limitExceeded(.depth, limit: 3))
        #expect(error?.position.offset == 9)
    }

    @Test("bounds names, attribute counts and value lengths", arguments: chunkSizes)
    func sizes(chunkSize: Int) {
        let names = XMLLimits(maximumNameLength: 8)
        #expect(refusal("<abcdefgh/>", chunkSize: chunkSize, limits: names) == nil)
        #expect(
            refusal("<abcdefghi/>", chunkSize: chunkSize, limits: names)?.kind
                == .limitExceeded(.nameLength, limit: 8))
        #expect(
            refusal("<a>&abcdefghi;</a>", chunkSize: chunkSize, limits: names)?.kind
                == .limitExceeded(.nameLength, limit: 8))

        let attributes = XMLLimits(maximumAttributeCount: 2)
        #expect(refusal("<a x='1' y='2'/>", chunkSize: chunkSize, limits: attributes) == nil)
        let tooMany = refusal("<a x='1' y='2' z='3'/>", chunkSize: chunkSize, limits: attributes)
        #expect(tooMany?.kind == .limitExceeded(.attributeCount, limit: 2))
        #expect(tooMany?.position.offset == 15)

        let values = XMLLimits(maximumValueLength: 10)
        #expect(
            refusal(
                "<a x='1234567890'>1234567890<![CDATA[1234567890]]></a>", chunkSize: chunkSize, limits: values
            ) == nil)
        for document in [
            "<a x='12345678901'/>", "<a>12345678901</a>",
            "<a>&amp;&amp;&amp;&amp;&amp;&amp;&amp;&amp;&amp;&amp;&amp;</a>",
            "<a><![CDATA[12345678901]]></a>", "<a><!-- 123456789 --></a>",
        ] {
            #expect(
                refusal(document, chunkSize: chunkSize, limits: values)?.kind
                    == .limitExceeded(.valueLength, limit: 10),
                "\(document)")
        }
    }

    @Test("bounds a single construct and the whole input")
    func tokenAndInput() {
        let whitespace = "<a" + String(repeating: " ", count: 200) + "/>"
        let token = refusal(whitespace, limits: XMLLimits(maximumTokenLength: 100))
        #expect(token?.kind == .limitExceeded(.tokenLength, limit: 100))
        #expect(token?.position == .start)

        let long = "<a>" + String(repeating: "x", count: 30) + "</a>"
        let input = refusal(long, limits: XMLLimits(maximumInputLength: 20))
        #expect(input?.kind == .limitExceeded(.inputLength, limit: 20))
        #expect(input?.position.offset == 20)
        #expect(refusal(long, limits: XMLLimits(maximumInputLength: long.utf8.count)) == nil)
    }

    @Test("refuses a billion-laughs document at its DOCTYPE, before any expansion")
    func billionLaughs() {
        let lol = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
              <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <lolz>&lol9;</lolz>
            """
        let error = refusal(lol)
        #expect(error?.kind == .doctype)
        #expect(error?.position == XMLPosition(line: 2, column: 1, offset: 22))
        // Without the DOCTYPE the reference is simply undefined.
        #expect(refusal("<lolz>&lol9;</lolz>")?.kind == .undefinedEntity("lol9"))
    }

    @Test("refuses a deeply nested document at the depth limit without recursion")
    func deepNesting() {
        let depth = 100_000
        let document = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let error = refusal(document)
        #expect(error?.kind == .limitExceeded(.depth, limit: 256))
        #expect(error?.position.offset == 256 * 3)
        #expect(refusal(document, limits: XMLLimits(maximumDepth: depth)) == nil)
    }
}
