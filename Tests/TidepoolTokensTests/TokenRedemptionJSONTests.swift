import Foundation
import GeoKit
import Testing
@testable import TidepoolTokens

@Suite("The redemption body has a closed schema")
struct TokenRedemptionJSONTests {
    static let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384))
    static let sample = TokenRedemption(
        tile: tile, epoch: 1_962_001, nonce: Data(repeating: 7, count: 32),
        signature: Data(repeating: 9, count: 256))

    /// The sample's body with `change` applied to its members.
    static func body(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: sample.json()) as? [String: Any])
        change(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test("a body round-trips")
    func roundTrip() throws {
        #expect(try TokenRedemption(json: Self.sample.json()) == Self.sample)
    }

    @Test(
        "coordinates or any unknown member are refused, naming the member",
        arguments: ["lat", "lng", "device_id", "interest"])
    func unknownMembers(member: String) throws {
        let data = try Self.body { $0[member] = 60.17 }
        #expect(
            throws: TokenError.malformed(
                field: member,
                reason: "unknown member; the schema is closed (tile_id, epoch, nonce, signature)")
        ) {
            try TokenRedemption(json: data)
        }
    }

    @Test("missing or mistyped members are refused, naming the member")
    func badMembers() throws {
        func field(_ data: Data) -> String? {
            do {
                _ = try TokenRedemption(json: data)
                return nil
            } catch {
                if case .malformed(let field, _) = error { return field }
                return "other"
            }
        }
        #expect(field(try Self.body { $0["nonce"] = nil }) == "nonce")
        #expect(field(try Self.body { $0["nonce"] = "***" }) == "nonce")
        #expect(field(try Self.body { $0["epoch"] = "12" }) == "epoch")
        #expect(field(try Self.body { $0["epoch"] = 1.5 }) == "epoch")
        #expect(field(try Self.body { $0["epoch"] = true }) == "epoch")
        #expect(field(try Self.body { $0["tile_id"] = "not-a-tile!!!" }) == "tile_id")
        #expect(field(try Self.body { $0["signature"] = 42 }) == "signature")
        #expect(field(Data("[1, 2]".utf8)) == "body")
        #expect(field(Data("{".utf8)) == "body")
        #expect(field(Data(repeating: 32, count: 5_000)) == "body")
    }
}

/// Ingest reads plainly written bodies without `JSONSerialization`; every body that shortcut
/// accepts must decode exactly as the full parser does, and every other body must go to it.
@Suite("The plainly-written redemption shortcut agrees with the full parser")
struct TokenRedemptionShortcutTests {
    static let sample = TokenRedemptionJSONTests.sample
    static let tile = TokenRedemptionJSONTests.sample.tile.description
    static let nonce = Data(repeating: 7, count: 32).base64EncodedString()
    static let signature = Data(repeating: 9, count: 256).base64EncodedString()

    @Test("member order and whitespace do not matter; the value is the sample's")
    func plainBodies() throws {
        let members = [
            "\"tile_id\":\"\(Self.tile)\"", "\"epoch\":1962001", "\"nonce\":\"\(Self.nonce)\"",
            "\"signature\":\"\(Self.signature)\"",
        ]
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]] {
            for (open, separator, close) in [("{", ",", "}"), (" {\n ", " ,\t", "\r\n} \n")] {
                let body = Data((open + order.map { members[$0] }.joined(separator: separator) + close).utf8)
                #expect(TokenRedemption.plainlyWritten(body, tiler: .standard) == Self.sample)
                #expect(try TokenRedemption(json: body) == Self.sample)
            }
        }
        let negative = Data(
            "{\"tile_id\":\"\(Self.tile)\",\"epoch\":-3,\"nonce\":\"\(Self.nonce)\",\"signature\":\"\(Self.signature)\"}"
                .utf8)
        #expect(TokenRedemption.plainlyWritten(negative, tiler: .standard)?.epoch == -3)
    }

    @Test("JSONSerialization's escaped slashes (\\/, in most base64 signatures) stay on the shortcut")
    func escapedSlashes() throws {
        // Bytes whose base64 is full of '/': 0xFF… encodes as "////…".
        let redemption = TokenRedemption(
            tile: Self.sample.tile, epoch: 42, nonce: Data(repeating: 0xFF, count: 33),
            signature: Data(repeating: 0xFF, count: 255))
        let body = try JSONSerialization.data(
            withJSONObject: [
                "tile_id": Self.tile, "epoch": 42, "nonce": redemption.nonce.base64EncodedString(),
                "signature": redemption.signature.base64EncodedString(),
            ])
        let text = String(decoding: body, as: UTF8.self)
        try #require(text.contains("\\/"), "this Foundation does not escape slashes: \(text)")
        #expect(TokenRedemption.plainlyWritten(body, tiler: .standard) == redemption)
        #expect(try TokenRedemption(foundationJSON: body, tiler: .standard) == redemption)
        // Any other escape still goes to the full parser.
        let other = Data(text.replacingOccurrences(of: "\\/", with: "\\u002F").utf8)
        #expect(TokenRedemption.plainlyWritten(other, tiler: .standard) == nil)
        #expect(try TokenRedemption(json: other) == redemption)
    }

    @Test(
        "escapes, fractions, exponents, long or zero-led numbers, duplicates and extras go to the full parser",
        arguments: [
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\\/\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":1962001.0,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":1.962001e6,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":01962001,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":1234567890123456,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\",\"lat\":1}",
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\"}",
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"} x",
            "{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"",
            "{\"tile_id\":\"T\",\"epoch\":\"1962001\",\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_\\u0069d\":\"T\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"}",
            "{\"tile_id\":\"Tä\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"}",
            "[{\"tile_id\":\"T\",\"epoch\":1962001,\"nonce\":\"N\",\"signature\":\"S\"}]",
        ])
    func fallbacks(template: String) throws {
        // The nonce's first letter ("B") written as a \u escape: the same value, not plain.
        #expect(Self.nonce.hasPrefix("B"))
        let escapedNonce = "\\u0042" + Self.nonce.dropFirst()
        let text = template.replacingOccurrences(of: "\"T\"", with: "\"\(Self.tile)\"")
            .replacingOccurrences(of: "\"Tä\"", with: "\"\(Self.tile)ä\"")
            .replacingOccurrences(of: "\"N\\/\"", with: "\"\(escapedNonce)\"")
            .replacingOccurrences(of: "\"N\"", with: "\"\(Self.nonce)\"")
            .replacingOccurrences(of: "\"S\"", with: "\"\(Self.signature)\"")
        let body = Data(text.utf8)
        #expect(TokenRedemption.plainlyWritten(body, tiler: .standard) == nil)
        // And the answer is the full parser's, whichever it is.
        let full = Result { () throws(TokenError) in try TokenRedemption(foundationJSON: body, tiler: .standard) }
        let public_ = Result { () throws(TokenError) in try TokenRedemption(json: body) }
        #expect(String(describing: full) == String(describing: public_))
    }

    /// The shortcut's base64 decoder on `text`.
    static func decode(_ text: String) -> Data? {
        Array(text.utf8).withUnsafeBufferPointer { TokenRedemption.base64($0) }
    }

    @Test("the shortcut's base64 decodes what Foundation decodes, and leaves anything unusual to it")
    func base64() {
        var random = SystemRandomNumberGenerator()
        for length in 1...70 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
            let text = data.base64EncodedString()
            #expect(Self.decode(text) == data, "\(text)")
            #expect(Self.decode(text.replacingOccurrences(of: "/", with: "\\/")) == data, "\(text)")
        }
        // Empty, unpadded, over-padded, padding inside, outside the alphabet, non-zero spare bits.
        for text in ["", "A", "AA", "AAA", "AA=", "A===", "AAAA=", "AA==AA==", "=AAA", "AA=A", "A A=", "AA-_", "AB==", "AAB="] {
            #expect(Self.decode(text) == nil, "\(text)")
        }
        // Random texts over the alphabet and '=': whatever is decoded, Foundation decodes the same.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        var decoded = 0
        for _ in 0..<20_000 {
            let text = String(decoding: (0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }, as: UTF8.self)
            guard let ours = Self.decode(text) else { continue }
            decoded += 1
            #expect(ours == Data(base64Encoded: text), "\(text)")
        }
        #expect(decoded > 1_000)
    }

    @Test("10,000 mutated bodies: whatever the shortcut accepts, the full parser decodes the same")
    func mutations() throws {
        // The sample, and a body whose base64 is written with escaped slashes.
        let slashes = TokenRedemption(
            tile: Self.sample.tile, epoch: 42, nonce: Data((0..<32).map { UInt8($0 * 8) }),
            signature: Data(repeating: 0xFF, count: 256))
        let bases = [Array(Self.sample.json()), Array(slashes.json())]
        var random = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<10_000 {
            var bytes = bases.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(Array(" {}[],:\"\\0123456789-.eE".utf8).randomElement(using: &random)!, at: position)
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { break }
            }
            let body = Data(bytes)
            guard let fast = TokenRedemption.plainlyWritten(body, tiler: .standard) else { continue }
            accepted += 1
            #expect(try TokenRedemption(foundationJSON: body, tiler: .standard) == fast, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Mutations inside the base64 strings mostly keep a body plain: the shortcut is exercised.
        #expect(accepted > 100)
    }
}
