import Foundation
import LociServer
import Testing

/// The hand-written JSON writer every response goes through: exact text, escaping and numbers
/// (expected texts written by hand from RFC 8259 and the writer's documented rules).
@Suite("LociServer JSON writer")
struct JSONWriterTests {
    @Test("escapes quotes, backslashes, control characters and <; copies other UTF-8 unchanged")
    func escaping() {
        let value = JSONValue.string("x\"y\\z\n\r\t<é\u{1}\u{1F}\u{7F}🙂 a\r\nb")
        #expect(JSONWriter.write(value) == #""x\"y\\z\n\r\t\u003cé\u0001\u001f"# + "\u{7F}🙂 a\\r\\nb\"")
    }

    @Test("members keep their order; null, booleans, integers, doubles, nested containers")
    func values() {
        let value = JSONValue.object([
            ("z", .null), ("t", .bool(true)), ("f", .bool(false)), ("i", .int(-42)),
            ("d", .double(0.1)), ("neg", .double(-0.5)), ("whole", .double(3)), ("zero", .double(-0.0)),
            ("big", .double(123_456_789_012_345)), ("huge", .double(1e16)),
            ("inf", .double(.infinity)), ("nan", .double(.nan)),
            ("list", .array([.int(1), .array([]), .object([])])), ("k\"ey", .string("")),
        ])
        #expect(
            JSONWriter.write(value)
                == #"{"z":null,"t":true,"f":false,"i":-42,"d":0.1,"neg":-0.5,"whole":3,"zero":0,"#
                + #""big":123456789012345,"huge":1e+16,"inf":null,"nan":null,"list":[1,[],{}],"k\"ey":""}"#)
    }

    @Test("the bytes are the text's UTF-8, and a JSON parser reads the original strings back")
    func bytesRoundTrip() throws {
        let text = "Jääpuiston \"kahvila\" <b>\\ \u{0}\u{8} 東京 🙂"
        let value = JSONValue.object([("name", .string(text)), ("lat", .double(60.1710001))])
        let bytes = JSONWriter.bytes(value)
        #expect(bytes == Array(JSONWriter.write(value).utf8))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(parsed["name"] as? String == text)
        #expect(parsed["lat"] as? Double == 60.1710001)
    }
}
