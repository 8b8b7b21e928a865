import Foundation
import GeoKit
import Testing
import TidepoolTokens

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
