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
        arguments: ["lat", "lng", "device_id", "interest", "vector"])
    func unknownMembers(member: String) throws {
        let data = try Self.body { $0[member] = 60.17 }
        #expect(throws: TokenError.unknownMember(member)) { try TokenRedemption(json: data) }
        #expect(
            TokenError.unknownMember(member).description
                == "token field \(member) is malformed: unknown member; the schema is closed "
                + "(tile_id, epoch, nonce, signature, optional facet)")
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

    @Test("epochs 0 and 1 are numbers, not booleans; true and false are refused", arguments: [0, 1])
    func smallEpochs(epoch: Int64) throws {
        var redemption = Self.sample
        redemption.epoch = epoch
        let text = String(decoding: redemption.json(), as: UTF8.self)
        #expect(text.contains("\"epoch\":\(epoch)"))
        #expect(try TokenRedemption(json: redemption.json()) == redemption)
        let boolean = text.replacingOccurrences(of: "\"epoch\":\(epoch)", with: "\"epoch\":\(epoch == 1)")
        #expect(throws: TokenError.malformed(field: "epoch", reason: "must be an integer")) {
            try TokenRedemption(json: Data(boolean.utf8))
        }
    }

    @Test("a facet in range rides along; out of range, mistyped or on a count-only server it is refused")
    func facet() throws {
        var withFacet = Self.sample
        withFacet.facet = 3
        #expect(try TokenRedemption(json: withFacet.json(), facetCount: 16) == withFacet)
        #expect(try TokenRedemption(json: Self.sample.json(), facetCount: 16).facet == nil)
        func reason(_ value: Any, facetCount: Int) throws -> String? {
            let data = try Self.body { $0["facet"] = value }
            do {
                _ = try TokenRedemption(json: data, facetCount: facetCount)
                return nil
            } catch {
                guard case .malformed("facet", let reason) = error else { return "other: \(error)" }
                return reason
            }
        }
        #expect(try reason(0, facetCount: 16) == nil)
        #expect(try reason(1, facetCount: 16) == nil)
        #expect(try reason(3, facetCount: 16) == nil)
        #expect(try reason(15, facetCount: 16) == nil)
        #expect(try reason(16, facetCount: 16) == "16 is outside 0..<16")
        #expect(try reason(-1, facetCount: 16) == "-1 is outside 0..<16")
        #expect(try reason(1.5, facetCount: 16) == "must be an integer")
        #expect(try reason(true, facetCount: 16) == "must be an integer")
        #expect(try reason(false, facetCount: 16) == "must be an integer")
        #expect(try reason("2", facetCount: 16) == "must be an integer")
        #expect(try reason(2, facetCount: 0) == "this server releases counts only (no facet codebook)")
    }
}

/// Bodies as clients write them: any member order, whitespace and JSON escapes decode to the
/// same redemption.
@Suite("Redemption bodies decode whatever way they are written")
struct TokenRedemptionWritingTests {
    static let sample = TokenRedemptionJSONTests.sample
    static let tile = TokenRedemptionJSONTests.sample.tile.description
    static let nonce = Data(repeating: 7, count: 32).base64EncodedString()
    static let signature = Data(repeating: 9, count: 256).base64EncodedString()

    @Test("member order and whitespace do not matter; the value is the sample's")
    func orderAndWhitespace() throws {
        let members = [
            "\"tile_id\":\"\(Self.tile)\"", "\"epoch\":1962001", "\"nonce\":\"\(Self.nonce)\"",
            "\"signature\":\"\(Self.signature)\"",
        ]
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]] {
            for (open, separator, close) in [("{", ",", "}"), (" {\n ", " ,\t", "\r\n} \n")] {
                let body = Data((open + order.map { members[$0] }.joined(separator: separator) + close).utf8)
                #expect(try TokenRedemption(json: body) == Self.sample)
            }
        }
        let negative = Data(
            "{\"tile_id\":\"\(Self.tile)\",\"epoch\":-3,\"nonce\":\"\(Self.nonce)\",\"signature\":\"\(Self.signature)\"}"
                .utf8)
        #expect(try TokenRedemption(json: negative).epoch == -3)
    }

    @Test("escaped slashes (\\/, as JSONSerialization writes base64) and \\u escapes decode as the plain text")
    func escapes() throws {
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
        #expect(try TokenRedemption(json: body) == redemption)
        let unicode = Data(text.replacingOccurrences(of: "\\/", with: "\\u002F").utf8)
        #expect(try TokenRedemption(json: unicode) == redemption)
    }
}
